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
// the answer is still streaming in: the badge then shows "Checking…" and no score or
// verdict, whatever report it holds, since an unfinished answer has none yet). The
// `report` property sets all of them from a Report and fills the breakdown. Light and dark
// colours follow `prefers-color-scheme`. Depends only on groundcheck/highlight (the names
// of findings) and js/policy.js (the module's level thresholds, as plain JavaScript: no
// wasm); safe to import where there is no DOM (it then only exports the class).
import { DECISION_NAMES, FINDING_NAMES } from "./highlight.mjs";
import { levelOf } from "./policy.js";

// colour / bg for light pages, dark / darkBg for `prefers-color-scheme: dark`.
const LEVELS = {
  high: { word: "High", icon: "✓", colour: "#1a7f37", bg: "#dafbe1", dark: "#3fb950", darkBg: "#0f2a1b" },
  medium: { word: "Medium", icon: "◐", colour: "#7d6608", bg: "#fff5c2", dark: "#d4a72c", darkBg: "#2b2410" },
  low: { word: "Low", icon: "!", colour: "#b35900", bg: "#ffe7cc", dark: "#f0883e", darkBg: "#33200d" },
  veryLow: { word: "Very low", icon: "✕", colour: "#b42318", bg: "#ffdcd7", dark: "#ff7b72", darkBg: "#3a1614" },
  // States, not grades: the answer declined, or the question needs clarifying. Neither is
  // drawn as a score, so a correct refusal never reads as a false answer.
  abstained: { word: "Not in the sources", icon: "∅", colour: "#0a5fa8", bg: "#ddf4ff", dark: "#58a6ff", darkBg: "#0c2842", state: true },
  clarify: { word: "Needs clarifying", icon: "?", colour: "#6639ba", bg: "#fbefff", dark: "#bc8cff", darkBg: "#2a1d45", state: true },
  none: { word: "Not checked", icon: "…", colour: "#57606a", bg: "#eaeef2", dark: "#9198a1", darkBg: "#21262d" },
  // While the answer streams in: no verdict yet.
  checking: { word: "Checking…", icon: "…", colour: "#57606a", bg: "#eaeef2", dark: "#9198a1", darkBg: "#21262d", state: true },
};

/** Reason codes in words (warning kinds use groundcheck/highlight's FINDING_NAMES). */
const REASON_NAMES = {
  GROUNDED: "Every claim is grounded",
  LOW_CONFIDENCE: "Confidence below the threshold",
  NO_EVIDENCE: "No sources to check against",
  ABSTAINED: "The answer declines",
  NOTHING_TO_VERIFY: "Nothing in it to check",
  EMPTY_ANSWER: "The answer is empty",
  PARTIAL_SUPPORT: "No claim is fully supported",
  INCOMPLETE: "A model check failed",
  JUDGE_UNSUPPORTED: "The support judge found it unsupported",
  NOT_RELEVANT: "Not relevant to the question",
  HIGH_HALLUCINATION_RATE: "Many claims are unsupported",
  CRITIC_RETRY: "The critic asked for a retry",
  CRITIC_CLARIFY: "The critic asked to clarify",
  CRITIC_ESCALATE: "The critic escalated",
  CRITIC_OVERRULED: "The checks overruled the critic",
  CRITIC_DISAGREES: "The critic disagrees",
  CRITIC_INVALID: "The critic's verdict was unreadable",
};
const reasonName = (code) => (Object.hasOwn(FINDING_NAMES, code) ? FINDING_NAMES[code] : Object.hasOwn(REASON_NAMES, code) ? REASON_NAMES[code] : code);

/** The level the report would give a confidence (the module's thresholds, see js/policy.js). */
export { levelOf };

const STYLE = `
:host { display: inline-block; position: relative; font: 600 13px/1.2 system-ui, -apple-system, "Segoe UI", sans-serif; vertical-align: middle; }
.badge { display: inline-flex; align-items: center; gap: .4em; padding: .25em .6em; border-radius: 999px;
  border: 1.5px solid var(--gc-colour); background: var(--gc-bg); color: var(--gc-colour); cursor: default; white-space: nowrap;
  --gc-colour: var(--gc-light); --gc-bg: var(--gc-light-bg); --gc-icon-fg: #fff; }
.badge:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
.icon { display: inline-grid; place-items: center; width: 1.25em; height: 1.25em; border-radius: 50%;
  background: var(--gc-colour); color: var(--gc-icon-fg); font-size: .85em; }
.score { font-variant-numeric: tabular-nums; }
.score:empty { display: none; }
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
.tip ul { margin: .35rem 0 0; padding-left: 1.1rem; font-size: 12px; }
@media (prefers-color-scheme: dark) {
  .badge { --gc-colour: var(--gc-dark); --gc-bg: var(--gc-dark-bg); --gc-icon-fg: #0d1117; }
  .badge:focus-visible { outline-color: #4493f8; }
  .tip { background: #161b22; color: #e6edf3; border-color: #30363d; box-shadow: 0 6px 18px rgba(0,0,0,.5); }
  .tip p { color: #9198a1; }
}
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
    const pending = this.hasAttribute("pending");
    // No verdict before the answer is complete: a streaming answer is "checking…".
    const level = pending ? "checking" : this.level;
    const look = LEVELS[level];
    const confidence = this.confidence;
    const label = this.getAttribute("label") ?? "Confidence";
    const decision = pending ? null : this.getAttribute("decision");
    const pct = confidence === null || look.state ? null : Math.round(confidence * 100);
    const badge = this.#root.querySelector(".badge");
    badge.style.setProperty("--gc-light", look.colour);
    badge.style.setProperty("--gc-light-bg", look.bg);
    badge.style.setProperty("--gc-dark", look.dark);
    badge.style.setProperty("--gc-dark-bg", look.darkBg);
    this.#root.querySelector(".icon").textContent = look.icon;
    this.#root.querySelector(".label").textContent = label;
    this.#root.querySelector(".score").textContent = look.state ? "" : pct === null ? "—" : `${pct}%`;
    this.#root.querySelector(".word").textContent = `· ${look.word}`;
    const valueText = pending
      ? `${label}: checking, the answer is still coming in`
      : look.state
        ? `${label}: ${look.word.toLowerCase()}${decision ? `, decision ${decision}` : ""}`
        : pct === null
          ? `${label}: not checked yet`
          : `${label} ${pct}%, ${look.word.toLowerCase()}${decision ? `, decision ${decision}` : ""}`;
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
    if (level === "checking") {
      return [el("h3", "Checking…"), el("p", "The answer is still coming in. The score and the verdict appear when it is complete.")];
    }
    const said = decision ? ` · ${Object.hasOwn(DECISION_NAMES, decision) ? DECISION_NAMES[decision] : decision}` : "";
    const heading = look.state ? `${look.word}${said}` : pct === null ? "Not checked yet" : `${pct}% · ${look.word}${said}`;
    const out = [el("h3", heading)];
    if (decision) out[0].title = decision;
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
    if (r.reasons?.length) {
      const list = el("ul");
      for (const x of r.reasons) {
        const li = el("li", reasonName(x.code));
        li.title = x.code;
        li.dataset.code = x.code;
        list.append(li);
      }
      out.push(list);
    }
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
