// <confidence-badge>: shows a groundcheck report's confidence as a score, a level (by
// colour AND by icon and word, so colour is never the only signal) and, on hover or
// keyboard focus, a breakdown of the signals behind it.
//
//   import "groundcheck/badge";                      // defines <confidence-badge>
//   <confidence-badge confidence="0.62" level="low" decision="RETRY"></confidence-badge>
//   badge.report = validator.check(input);          // or set the whole report
//
// Attributes: confidence (0..1), level (high | medium | low | veryLow, or the states
// abstained | clarify, which show no score; derived from confidence when absent), decision, label (default "Confidence"), pending (present while
// the answer is still streaming in). The `report` property sets all of them from a Report
// and fills the breakdown. No dependencies; safe to import where there is no DOM (it then
// only exports the class).

const LEVELS = {
  high: { word: "High", icon: "✓", colour: "#1a7f37", bg: "#dafbe1" },
  medium: { word: "Medium", icon: "◐", colour: "#7d6608", bg: "#fff5c2" },
  low: { word: "Low", icon: "!", colour: "#b35900", bg: "#ffe7cc" },
  veryLow: { word: "Very low", icon: "✕", colour: "#b42318", bg: "#ffdcd7" },
  // States, not grades: the answer declined, or the question needs clarifying. Neither is
  // drawn as a score, so a correct refusal never reads as a false answer.
  abstained: { word: "Not in the sources", icon: "∅", colour: "#0a5fa8", bg: "#ddf4ff", state: true },
  clarify: { word: "Needs clarifying", icon: "?", colour: "#6639ba", bg: "#fbefff", state: true },
  none: { word: "Not checked", icon: "…", colour: "#57606a", bg: "#eaeef2" },
};

/** The level the report would give a confidence (high ≥ 0.9, medium ≥ 0.7, low ≥ 0.5). */
export function levelOf(confidence) {
  if (typeof confidence !== "number" || Number.isNaN(confidence)) return "none";
  if (confidence >= 0.9) return "high";
  if (confidence >= 0.7) return "medium";
  if (confidence >= 0.5) return "low";
  return "veryLow";
}

const STYLE = `
:host { display: inline-block; position: relative; font: 600 13px/1.2 system-ui, -apple-system, "Segoe UI", sans-serif; vertical-align: middle; }
.badge { display: inline-flex; align-items: center; gap: .4em; padding: .25em .6em; border-radius: 999px;
  border: 1.5px solid var(--gc-colour); background: var(--gc-bg); color: var(--gc-colour); cursor: default; white-space: nowrap; }
.badge:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
.icon { display: inline-grid; place-items: center; width: 1.25em; height: 1.25em; border-radius: 50%;
  background: var(--gc-colour); color: #fff; font-size: .85em; }
.score { font-variant-numeric: tabular-nums; }
:host([pending]) .badge { border-style: dashed; }
.tip { display: none; position: absolute; z-index: 10; top: calc(100% + 6px); left: 0; min-width: 16rem; max-width: 22rem;
  padding: .6rem .75rem; border-radius: 6px; background: #fff; color: #1f2328; border: 1px solid #d0d7de;
  box-shadow: 0 6px 18px rgba(0,0,0,.15); font-weight: 400; white-space: normal; }
:host(:hover) .tip, .badge:focus + .tip { display: block; }
:host([tip-hidden]) .tip { display: none !important; }
.tip h3 { margin: 0 0 .35rem; font-size: 13px; }
.tip table { border-collapse: collapse; width: 100%; font-size: 12px; }
.tip td { padding: .1rem .3rem .1rem 0; }
.tip td.num { text-align: right; font-variant-numeric: tabular-nums; }
.tip p { margin: .35rem 0 0; font-size: 12px; color: #57606a; }
`;

const Base = globalThis.HTMLElement ?? class {};

/** The `<confidence-badge>` element. */
export class ConfidenceBadge extends Base {
  static get observedAttributes() {
    return ["confidence", "level", "decision", "label", "pending"];
  }

  #report = null;
  #root = null;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open", delegatesFocus: true });
    this.#root.innerHTML = `<style>${STYLE}</style>
<span class="badge" part="badge" role="meter" tabindex="0" aria-valuemin="0" aria-valuemax="100" aria-describedby="tip">
  <span class="icon" part="icon" aria-hidden="true"></span><span class="label" part="label"></span>
  <span class="score" part="score"></span><span class="word" part="level"></span>
</span>
<div class="tip" id="tip" part="breakdown" role="tooltip"></div>`;
    this.#root.querySelector(".badge").addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.setAttribute("tip-hidden", "");
    });
    this.#root.querySelector(".badge").addEventListener("blur", () => this.removeAttribute("tip-hidden"));
    this.addEventListener("mouseleave", () => this.removeAttribute("tip-hidden"));
  }

  connectedCallback() {
    this.#render();
  }

  attributeChangedCallback() {
    this.#render();
  }

  /** The confidence in [0, 1], or null when unset. */
  get confidence() {
    const raw = this.getAttribute("confidence");
    const n = raw === null || raw === "" ? NaN : Number(raw);
    return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : null;
  }
  set confidence(value) {
    if (value === null || value === undefined) this.removeAttribute("confidence");
    else this.setAttribute("confidence", String(value));
  }

  /** The level shown: the `level` attribute, else the one the confidence falls in. */
  get level() {
    const attr = this.getAttribute("level");
    return attr && attr in LEVELS ? attr : levelOf(this.confidence ?? NaN);
  }

  /** The report last set, or null. Setting it updates every attribute and the breakdown. */
  get report() {
    return this.#report;
  }
  set report(report) {
    this.#report = report ?? null;
    if (!report) {
      for (const a of ["confidence", "level", "decision"]) this.removeAttribute(a);
      return;
    }
    this.setAttribute("confidence", String(report.confidence));
    this.setAttribute("level", report.level);
    this.setAttribute("decision", report.decision);
    this.#render();
  }

  #render() {
    if (!this.#root) return;
    const level = this.level;
    const look = LEVELS[level];
    const confidence = this.confidence;
    const label = this.getAttribute("label") ?? "Confidence";
    const decision = this.getAttribute("decision");
    const pending = this.hasAttribute("pending");
    const pct = confidence === null || look.state ? null : Math.round(confidence * 100);
    const badge = this.#root.querySelector(".badge");
    badge.style.setProperty("--gc-colour", look.colour);
    badge.style.setProperty("--gc-bg", look.bg);
    this.#root.querySelector(".icon").textContent = look.icon;
    this.#root.querySelector(".label").textContent = label;
    this.#root.querySelector(".score").textContent = look.state ? "" : pct === null ? "—" : `${pct}%`;
    this.#root.querySelector(".word").textContent = `· ${look.word}${pending ? " (checking…)" : ""}`;
    const valueText = look.state
      ? `${label}: ${look.word.toLowerCase()}${decision ? `, decision ${decision}` : ""}`
      : pct === null
        ? `${label}: not checked yet`
        : `${label} ${pct}%, ${look.word.toLowerCase()}${decision ? `, decision ${decision}` : ""}${pending ? ", still checking" : ""}`;
    badge.setAttribute("aria-label", valueText);
    badge.setAttribute("aria-valuetext", valueText);
    if (pct === null) badge.removeAttribute("aria-valuenow");
    else badge.setAttribute("aria-valuenow", String(pct));
    badge.setAttribute("aria-busy", String(pending));
    this.dataset.level = level;
    this.#root.querySelector(".tip").replaceChildren(...this.#breakdown(level, pct, decision));
  }

  #breakdown(level, pct, decision) {
    const doc = this.ownerDocument;
    const el = (tag, text, cls) => {
      const n = doc.createElement(tag);
      if (text !== undefined) n.textContent = text;
      if (cls) n.className = cls;
      return n;
    };
    const look = LEVELS[level];
    const heading = look.state
      ? `${look.word}${decision ? ` · ${decision}` : ""}`
      : pct === null
        ? "Not checked yet"
        : `${pct}% · ${look.word}${decision ? ` · ${decision}` : ""}`;
    const out = [el("h3", heading)];
    const r = this.#report;
    if (!r) {
      out.push(el("p", "Set the badge's report to see what the score is made of."));
      return out;
    }
    const table = el("table");
    const row = (name, value, note) => {
      const tr = el("tr");
      tr.append(el("td", name), el("td", value, "num"), el("td", note ?? "", "num"));
      table.append(tr);
    };
    for (const b of r.breakdown ?? []) row(b.signal, `${Math.round(b.value * 100)}%`, `×${b.weight.toFixed(2)}`);
    for (const c of r.caps ?? []) row(`cap: ${c.signal}`, `≤ ${Math.round(c.value * 100)}%`, "");
    out.push(table);
    const s = r.summary ?? {};
    const facts = [];
    if (s.claimsTotal !== undefined) facts.push(`claims supported ${s.claimsSupported}/${s.claimsTotal}`);
    if (s.citationsTotal !== undefined) facts.push(`citations valid ${s.citationsValid}/${s.citationsTotal}`);
    if (r.warnings) facts.push(`${r.warnings.length} warning${r.warnings.length === 1 ? "" : "s"}`);
    if (facts.length) out.push(el("p", facts.join(" · ")));
    if (r.reasons?.length) out.push(el("p", r.reasons.map((x) => x.code).join(", ")));
    return out;
  }
}

/** Defines the element under `tag` (default `confidence-badge`) if not defined yet. */
export function defineConfidenceBadge(tag = "confidence-badge") {
  if (typeof customElements === "undefined") return;
  if (customElements.get(tag)) return;
  // A class registers once: other tags get a subclass.
  customElements.define(tag, tag === "confidence-badge" ? ConfidenceBadge : class extends ConfidenceBadge {});
}

defineConfidenceBadge();
