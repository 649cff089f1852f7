// A self-contained HTML report of many checked answers, for people to look at: decision
// and finding counts, a confidence histogram, a reliability plot when labels are known,
// and the worst answers with their findings highlighted (groundcheck/highlight's markup).
// Used by `groundcheck check --report out.html` and `npm run eval -- … --report out.html`.
//
// One file, no external assets, no script: inline CSS and SVG, a Content-Security-Policy
// that forbids loading anything, and every piece of text escaped.
import { DECISION_NAMES, LEVEL_NAMES, findingName, highlightHTML, severityOf, COLOURS } from "./highlight.mjs";
import { levelOf } from "./policy.js";

/** Escapes text for HTML content and attribute values. */
export function escapeHTML(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
const e = escapeHTML;

const LEVEL_COLOURS = { high: "#1a7f37", medium: "#9a7d0a", low: "#b35900", veryLow: "#b42318" };

/**
 * Reliability table of `[probability, label]` rows over `bins` equal bins of [0, 1] (the
 * last includes 1): `{ count, meanPredicted, observed }` per bin (null means when empty),
 * and the expected calibration error.
 */
export function reliabilityTable(rows, bins = 10) {
  const sums = Array.from({ length: bins }, () => ({ count: 0, p: 0, y: 0 }));
  for (const [p0, y] of rows) {
    const p = Math.min(1, Math.max(0, Number(p0) || 0));
    const k = Math.min(bins - 1, Math.floor(p * bins));
    sums[k].count++;
    sums[k].p += p;
    sums[k].y += y ? 1 : 0;
  }
  const table = sums.map(({ count, p, y }) => ({ count, meanPredicted: count ? p / count : null, observed: count ? y / count : null }));
  const n = rows.length;
  const ece = n ? table.reduce((a, b) => (b.count ? a + (b.count / n) * Math.abs(b.meanPredicted - b.observed) : a), 0) : 0;
  return { table, ece };
}

/** Counts of `values` in [0, 1] over `bins` equal bins (the last includes 1). */
export function histogram(values, bins = 10) {
  const counts = new Array(bins).fill(0);
  for (const v of values) {
    if (typeof v !== "number" || Number.isNaN(v)) continue;
    counts[Math.min(bins - 1, Math.floor(Math.min(1, Math.max(0, v)) * bins))]++;
  }
  return counts;
}

const f2 = (x) => (x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toFixed(2));
const f3 = (x) => (x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toFixed(3));

function histogramSVG(values, label) {
  const counts = histogram(values);
  const max = Math.max(1, ...counts);
  const [W, H, left, bottom, top] = [520, 220, 40, 34, 16];
  const bw = (W - left - 10) / counts.length;
  const y = (c) => top + (H - top - bottom) * (1 - c / max);
  const bars = counts
    .map((c, k) => {
      const x = left + k * bw;
      const lo = k / 10;
      const colour = LEVEL_COLOURS[levelOf(lo + 0.05)];
      const range = `${lo.toFixed(1)}–${(lo + 0.1).toFixed(1)}`;
      return (
        `<rect x="${(x + 2).toFixed(1)}" y="${y(c).toFixed(1)}" width="${(bw - 4).toFixed(1)}" height="${(H - bottom - y(c)).toFixed(1)}" fill="${colour}"><title>${e(`${label} ${range}: ${c}`)}</title></rect>` +
        (c ? `<text x="${(x + bw / 2).toFixed(1)}" y="${(y(c) - 4).toFixed(1)}" class="n">${c}</text>` : "")
      );
    })
    .join("");
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1]
    .map((t) => `<text x="${(left + t * (W - left - 10)).toFixed(1)}" y="${H - bottom + 16}" class="tick">${t.toFixed(1)}</text>`)
    .join("");
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${e(`Histogram of ${label.toLowerCase()}: ${counts.join(", ")} answers in ten bins from 0 to 1`)}">
<line x1="${left}" y1="${H - bottom}" x2="${W - 10}" y2="${H - bottom}" class="axis"/>${bars}${ticks}
<text x="${(left + W - 10) / 2}" y="${H - 4}" class="label">${e(label)}</text>
<text x="12" y="${(H - bottom + top) / 2}" class="label" transform="rotate(-90 12 ${(H - bottom + top) / 2})">answers</text></svg>`;
}

function reliabilitySVG(table, label) {
  const [W, H, left, bottom, top, right] = [320, 320, 44, 40, 12, 12];
  const px = (p) => left + p * (W - left - right);
  const py = (p) => H - bottom - p * (H - bottom - top);
  const max = Math.max(1, ...table.map((b) => b.count));
  const pts = table.filter((b) => b.count);
  const path = pts.map((b, i) => `${i ? "L" : "M"}${px(b.meanPredicted).toFixed(1)} ${py(b.observed).toFixed(1)}`).join(" ");
  const dots = pts
    .map(
      (b) =>
        `<circle cx="${px(b.meanPredicted).toFixed(1)}" cy="${py(b.observed).toFixed(1)}" r="${(3 + 6 * Math.sqrt(b.count / max)).toFixed(1)}" class="dot"><title>${e(`predicted ${f2(b.meanPredicted)}, observed ${f2(b.observed)}, ${b.count} answers`)}</title></circle>`,
    )
    .join("");
  const ticks = [0, 0.5, 1]
    .map(
      (t) =>
        `<text x="${px(t).toFixed(1)}" y="${H - bottom + 16}" class="tick">${t}</text><text x="${left - 8}" y="${(py(t) + 4).toFixed(1)}" class="tick end">${t}</text>`,
    )
    .join("");
  return `<svg class="chart square" viewBox="0 0 ${W} ${H}" role="img" aria-label="${e(`Reliability of ${label}: observed share of grounded answers against the predicted ${label} per bin; the diagonal is perfect calibration`)}">
<rect x="${left}" y="${top}" width="${W - left - right}" height="${H - top - bottom}" class="frame"/>
<line x1="${px(0)}" y1="${py(0)}" x2="${px(1)}" y2="${py(1)}" class="diagonal"/>
<path d="${path}" class="curve"/>${dots}${ticks}
<text x="${(left + W - right) / 2}" y="${H - 6}" class="label">predicted (${e(label)})</text>
<text x="12" y="${(H - bottom + top) / 2}" class="label" transform="rotate(-90 12 ${(H - bottom + top) / 2})">observed share grounded</text></svg>`;
}

function countsTable(title, counts, name, cls) {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (!rows.length) return `<section><h2>${e(title)}</h2><p class="muted">None.</p></section>`;
  return `<section><h2>${e(title)}</h2><table class="counts"><tbody>${rows
    .map(([k, n]) => `<tr class="${e(cls?.(k) ?? "")}"><th scope="row">${e(name(k))} <code>${e(k)}</code></th><td class="num">${n}</td></tr>`)
    .join("")}</tbody></table></section>`;
}

function worstArticle(item) {
  const r = item.report;
  const level = LEVEL_NAMES[r.level] ?? r.level;
  const warnings = r.warnings ?? [];
  const findings = warnings.length
    ? `<ol class="findings">${warnings
        .map((w, i) => {
          const quote = w.span ? `<q>${e(item.answer.slice(w.span.start, w.span.end))}</q>` : `<em>whole answer</em>`;
          return `<li class="${severityOf(w.kind)}" data-kind="${e(w.kind)}"><span class="n">${i + 1}</span><b title="${e(w.kind)}">${e(findingName(w.kind))}</b> <code>${e(w.kind)}</code> ${quote}<div class="msg">${e(w.message ?? "")}</div></li>`;
        })
        .join("")}</ol>`
    : `<p class="muted">No findings.</p>`;
  return `<article class="answer-card">
<h3>${e(item.heading)}</h3>
<p class="meta"><span class="decision d-${e(r.decision)}" title="${e(r.decision)}">${e(DECISION_NAMES[r.decision] ?? r.decision)}</span> · ${
    // A refusal or a question to clarify is a state, not a grade: no score (as the badge).
    r.level === "abstained" || r.level === "clarify" ? e(level) : `confidence ${f2(r.confidence)} (${e(level)})`
  }${item.note ? ` · ${e(item.note)}` : ""}</p>
<p class="question"><span class="muted">Question:</span> ${e(item.question ?? "")}</p>
<div class="answer">${highlightHTML(item.answer, r)}</div>
${findings}
</article>`;
}

const CSS = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #f6f7f9; --card: #fff; --line: #d1d9e0; --accent: #0969da; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --card: #161b22; --line: #30363d; --accent: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { margin: 0 0 .2rem; font-size: 1.5rem; } h2 { font-size: 1.1rem; margin: 0 0 .6rem; } h3 { margin: 0 0 .3rem; font-size: 1rem; }
.muted { color: var(--muted); }
.tiles { display: flex; flex-wrap: wrap; gap: .75rem; margin: 1rem 0; padding: 0; list-style: none; }
.tiles li { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .6rem .9rem; min-width: 9rem; }
.tiles b { display: block; font-size: 1.4rem; font-variant-numeric: tabular-nums; }
.tiles.fail li.gate { border-color: #b42318; } .tiles.pass li.gate { border-color: #1a7f37; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); gap: 1rem; margin-bottom: 1rem; align-items: start; }
section, .answer-card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .9rem 1rem; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { padding: .2rem .4rem; text-align: left; border-bottom: 1px solid var(--line); } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font: 12px ui-monospace, monospace; color: var(--muted); }
.chart { width: 100%; height: auto; max-width: 40rem; } .chart.square { max-width: 22rem; }
.chart text { font: 11px system-ui, sans-serif; fill: var(--muted); text-anchor: middle; } .chart text.end { text-anchor: end; } .chart text.n { fill: var(--fg); }
.chart .axis, .chart .frame { stroke: var(--line); fill: none; } .chart .diagonal { stroke: var(--muted); stroke-dasharray: 4 4; }
.chart .curve { stroke: var(--accent); fill: none; stroke-width: 2; } .chart .dot { fill: var(--accent); fill-opacity: .75; }
.worst { display: flex; flex-direction: column; gap: .8rem; }
.meta { margin: 0 0 .4rem; } .question { margin: 0 0 .4rem; }
.decision { font-weight: 600; } .d-FINAL { color: #1a7f37; } .d-RETRY { color: #b35900; } .d-ESCALATE { color: #b42318; } .d-CLARIFY { color: #6639ba; }
.answer { white-space: pre-wrap; line-height: 1.8; padding: .5rem .7rem; border-radius: 6px; border: 1px solid var(--line); }
.answer mark { color: inherit; padding: 0 1px; border-radius: 2px; }
.answer sup { font-weight: 700; font-size: 10px; margin-left: 1px; }
.answer .gc-cite { font-weight: 600; }
@media (prefers-color-scheme: dark) {
  .answer mark.gc-caution { background-color: #4a3000 !important; } .answer mark.gc-severe { background-color: #5c1a14 !important; }
  .answer sup.gc-caution { color: #f0a35e !important; } .answer sup.gc-severe { color: #ff8e80 !important; }
  .d-FINAL { color: #3fb950; } .d-RETRY { color: #f0a35e; } .d-ESCALATE { color: #ff8e80; } .d-CLARIFY { color: #c297ff; }
}
.findings { margin: .5rem 0 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: .3rem; font-size: .9rem; }
.findings .n { display: inline-grid; place-items: center; width: 1.3rem; height: 1.3rem; border-radius: 50%; color: #fff; font-size: .75rem; font-weight: 700; margin-right: .3rem; }
.findings .severe .n { background: ${COLOURS.severe.colour}; } .findings .caution .n { background: ${COLOURS.caution.colour}; }
.findings .msg { color: var(--muted); margin-left: 1.6rem; }
footer { margin-top: 1.5rem; font-size: .85rem; color: var(--muted); }
`;

/**
 * The report as one HTML document (a string).
 *
 * - `title`, `subject` (what was checked, e.g. the file name), `generated` (a date
 *   string, optional: without it the same input gives the same bytes);
 * - `tiles`: `[{ label, value, note? }]` headline figures;
 * - `decisions`: `{ FINAL: 3, RETRY: 1, … }`; `findings`: `{ UNSUPPORTED_CLAIM: 4, … }`;
 * - `confidences`: the numbers to draw as a histogram (`histogramLabel`, default
 *   "Confidence");
 * - `labelled`: `[score, grounded]` pairs for the reliability plot, or null when nothing
 *   is labelled (`reliabilityLabel`, default "confidence");
 * - `tables`: `[{ title, headers, rows }]` extra tables (e.g. eval metrics);
 * - `worst`: `[{ heading, question, answer, report, note? }]`, shown in that order;
 * - `gate`: `{ label, value, threshold, passed }` for `--fail-under`.
 */
export function renderReport(options) {
  const {
    title = "groundcheck report",
    subject = "",
    generated = null,
    tiles = [],
    decisions = {},
    findings = {},
    confidences = [],
    histogramLabel = "Confidence",
    labelled = null,
    reliabilityLabel = "confidence",
    tables = [],
    worst = [],
    worstTitle = "Worst answers",
    gate = null,
  } = options;
  const allTiles = [...tiles];
  if (gate) allTiles.push({ label: gate.label, value: f3(gate.value), note: `${gate.passed ? "≥" : "<"} --fail-under ${gate.threshold}: ${gate.passed ? "pass" : "FAIL"}`, cls: "gate" });
  const tileHTML = `<ul class="tiles${gate ? (gate.passed ? " pass" : " fail") : ""}">${allTiles
    .map((t) => `<li class="${e(t.cls ?? "")}"><span class="muted">${e(t.label)}</span><b>${e(t.value)}</b>${t.note ? `<span class="muted">${e(t.note)}</span>` : ""}</li>`)
    .join("")}</ul>`;
  let reliability = "";
  if (labelled && labelled.length) {
    const { table, ece } = reliabilityTable(labelled);
    reliability = `<section><h2>Reliability (${labelled.length} labelled)</h2>${reliabilitySVG(table, reliabilityLabel)}
<p class="muted">Expected calibration error ${f3(ece)}. Each dot is a bin of ten: how often its answers were grounded against the ${e(reliabilityLabel)} they got; on the diagonal, a score of 0.8 means grounded 80% of the time.</p>
<table><thead><tr><th>bin</th><th class="num">answers</th><th class="num">predicted</th><th class="num">observed</th></tr></thead><tbody>${table
      .map((b, k) => `<tr><td>${(k / 10).toFixed(1)}–${((k + 1) / 10).toFixed(1)}</td><td class="num">${b.count}</td><td class="num">${f2(b.meanPredicted)}</td><td class="num">${f2(b.observed)}</td></tr>`)
      .join("")}</tbody></table></section>`;
  }
  const extra = tables
    .map(
      (t) =>
        `<section><h2>${e(t.title)}</h2><table><thead><tr>${t.headers.map((h, i) => `<th${i ? ' class="num"' : ""}>${e(h)}</th>`).join("")}</tr></thead><tbody>${t.rows
          .map((r) => `<tr>${r.map((c, i) => `<td${i ? ' class="num"' : ""}>${e(c)}</td>`).join("")}</tr>`)
          .join("")}</tbody></table>${t.note ? `<p class="muted">${e(t.note)}</p>` : ""}</section>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(title)}${subject ? ` — ${e(subject)}` : ""}</title>
<style>${CSS}</style>
</head>
<body>
<header><h1>${e(title)}</h1>${subject ? `<p class="muted">${e(subject)}</p>` : ""}</header>
${tileHTML}
<div class="grid">
${countsTable("Decisions", decisions, (k) => DECISION_NAMES[k] ?? k)}
${countsTable("Findings", findings, findingName, severityOf)}
</div>
<div class="grid">
<section><h2>${e(histogramLabel)} (${confidences.length} answers)</h2>${histogramSVG(confidences, histogramLabel)}</section>
${reliability}
</div>
${extra}
${worst.length ? `<h2>${e(worstTitle)}</h2><div class="worst">${worst.map(worstArticle).join("\n")}</div>` : ""}
<footer>groundcheck${generated ? ` · ${e(generated)}` : ""}. Spans are highlighted from the report's UTF-16 offsets; colour is never the only signal (each finding is numbered).</footer>
</body>
</html>
`;
}
