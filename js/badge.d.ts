// Types for js/badge.js ("groundcheck/badge").
import type { Level, Report } from "../pkg/groundcheck.js";

/** The level a confidence falls in (high ≥ 0.9, medium ≥ 0.7, low ≥ 0.5, else veryLow); "none" for no number. */
export function levelOf(confidence: number): Level | "none";

/**
 * `<confidence-badge confidence="0.62" level="low" decision="RETRY">`: score, level
 * (colour, icon and word), and a breakdown on hover or focus. Attributes: `confidence`,
 * `level`, `decision`, `label`, `pending` (while present the badge shows "Checking…", no
 * score and no verdict). Light and dark colours follow `prefers-color-scheme`.
 */
export class ConfidenceBadge extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The confidence in [0, 1], or null when unset. */
  get confidence(): number | null;
  set confidence(value: number | null | undefined);
  /** The level shown: the `level` attribute, else the one the confidence falls in. */
  get level(): Level | "none";
  /** The report last set; setting it updates the attributes and the breakdown. */
  get report(): Report | null;
  set report(report: Report | null | undefined);
  connectedCallback(): void;
  attributeChangedCallback(): void;
}

/** Defines the element under `tag` (default "confidence-badge") unless already defined; a no-op without `customElements`. */
export function defineConfidenceBadge(tag?: string): void;

declare global {
  interface HTMLElementTagNameMap {
    "confidence-badge": ConfidenceBadge;
  }
}
