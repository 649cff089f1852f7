// The demo page: checks an answer against its sources with the wasm module and shows
// the report. Spans are UTF-16 offsets, i.e. JavaScript string indices.
import init, { Validator } from "/pkg/groundcheck.js";

const SAMPLE_QUESTION = "What is the capital of France and how many people live there?";
const SAMPLE_ANSWER =
  "Paris is the capital of France [1]. It has 2.1 million residents [4]. " +
  "The city is on the Seine and is home to the Louvre museum. " +
  "In code, `arr[1]` is the second element.";
const SAMPLE_SOURCES = [
  { id: "wiki-paris", title: "Paris", content: "Paris is the capital and largest city of France, on the Seine." },
  { id: "insee-2024", title: "Population", content: "Paris had about 2.1 million residents in 2024." },
];

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children) node.append(child);
  return node;
}

/** Splits `text` at every span boundary and wraps each covered piece in <mark>s. */
function highlight(text, warnings, markers) {
  const ranges = [];
  for (const w of warnings) if (w.span) ranges.push({ ...w.span, kind: w.kind, title: w.message });
  for (const m of markers) ranges.push({ start: m.start, end: m.end, kind: "cite", title: m.raw });
  const cuts = new Set([0, text.length]);
  for (const r of ranges) {
    cuts.add(Math.max(0, Math.min(text.length, r.start)));
    cuts.add(Math.max(0, Math.min(text.length, r.end)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const frag = document.createDocumentFragment();
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]];
    let node = document.createTextNode(text.slice(a, b));
    const covering = ranges.filter((r) => r.start <= a && r.end >= b && r.start < r.end);
    const cite = covering.find((r) => r.kind === "cite");
    if (cite) node = el("span", { className: "cite", title: cite.title }, node);
    for (const r of covering.filter((x) => x.kind !== "cite")) {
      node = el("mark", { className: `kind-${r.kind}`, title: `${r.kind}: ${r.title}` }, node);
      node.dataset.kind = r.kind;
    }
    frag.append(node);
  }
  return frag;
}

function render(answer, report) {
  const warnings = report.warnings ?? [];
  const markers = report.citations?.markers ?? [];
  $("highlighted").replaceChildren(highlight(answer, warnings, markers));

  $("warning-count").textContent = `(${warnings.length})`;
  $("warnings").replaceChildren(
    ...warnings.map((w) => {
      const li = el("li", {}, el("span", { className: "kind" }, w.kind), w.message);
      li.dataset.kind = w.kind;
      if (w.span) li.append(" ", el("span", { className: "quote" }, `“${answer.slice(w.span.start, w.span.end)}”`));
      return li;
    }),
  );
  if (!warnings.length) $("warnings").append(el("li", {}, "No warnings."));

  const c = report.citations ?? {};
  const rows = [
    ["decision", report.decision],
    ["confidence", report.confidence === undefined ? undefined : `${report.confidence.toFixed(2)} (${report.level})`],
    ["markers", c.total],
    ["valid", c.valid],
    ["out of range", c.outOfRange],
    ["sentences missing a citation", c.missing],
    ["unused sources", (c.unusedSources ?? []).join(", ") || "none"],
    ["complete", String(report.complete)],
  ];
  $("citations").replaceChildren(...rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, String(v ?? "—"))]));
}

function check(validator) {
  const report = $("report");
  const answer = $("answer").value;
  try {
    const sources = JSON.parse($("sources").value);
    const result = validator.check({ question: $("question").value, answer, sources });
    render(answer, result);
    const verdict = result.decision ? ` Decision ${result.decision}, confidence ${result.confidence.toFixed(2)} (${result.level}).` : "";
    $("status").textContent = `Checked: ${result.warnings.length} warning(s).${verdict}`;
    report.dataset.state = "done";
  } catch (err) {
    const where = err.field ? ` (field ${err.field})` : "";
    $("status").textContent = `${err.code ?? err.name}: ${err.message}${where}`;
    report.dataset.state = "error";
  }
}

async function main() {
  $("question").value = SAMPLE_QUESTION;
  $("answer").value = SAMPLE_ANSWER;
  $("sources").value = JSON.stringify(SAMPLE_SOURCES, null, 2);
  await init();
  const validator = new Validator({});
  $("check").addEventListener("click", () => check(validator));
  check(validator);
}

main().catch((err) => {
  $("status").textContent = `Could not load the module: ${err.message}`;
  $("report").dataset.state = "error";
  console.error(err);
});
