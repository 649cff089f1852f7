// The demo: a chat whose answers stream in and are checked as they arrive. The badge of
// each answer updates live; findings are highlighted from the report's UTF-16 spans;
// hovering (or focusing) a citation shows its source and the passage that supports it.
import init, * as groundcheck from "/js/index.js";
import "/js/badge.js";
import { DECISION_NAMES, LEVEL_NAMES } from "/js/highlight.mjs";
import { formatError, parseJson, validators } from "/js/request.mjs";
import { SAMPLES, SAMPLE_SOURCES, findSample } from "./samples.js";
import { citationDetails, el as makeElement, findingsList, highlightAnswer } from "./highlight.js";
import { streamAnswer } from "./llm.js";

const { Validator } = groundcheck;
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
/** Characters revealed per tick and ms between ticks when replaying a sample answer. */
const CHUNK = 6;
const TICK_MS = Number(params.get("tick") ?? 35);

let validator;
let endpoint = null; // { baseUrl, model, apiKey } once saved and switched on
const conversation = []; // { question, answer, sources, report } per assistant message

const el = (tag, props = {}, ...children) => makeElement(document, tag, props, ...children);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Checks an answer while it streams in. With the module's StreamingValidator, each
 * finished sentence's verdicts are emitted once and never change: the live view shows
 * those (settled) claims and warnings, with the badge computed on the text so far.
 * Without it, it re-checks the prefix with check(), which takes microseconds.
 * `push(delta)` returns an interim report (or null), `finish()` the final one.
 */
function liveChecker(question, sources) {
  let text = "";
  const prefixReport = () => {
    if (!text.trim()) return null;
    try {
      return validator.check({ question, answer: text, sources });
    } catch {
      return null; // an incomplete prefix may be invalid input; the final check reports it
    }
  };
  if (typeof groundcheck.StreamingValidator === "function") {
    let stream = null;
    try {
      stream = new groundcheck.StreamingValidator({ question, sources });
    } catch (err) {
      console.warn("StreamingValidator could not start; re-checking prefixes instead", err);
    }
    if (stream) {
      const settled = { claims: [], warnings: [] };
      return {
        mode: "streaming",
        push(delta) {
          text += delta;
          for (const event of stream.push(delta)) {
            settled.claims.push(...event.claims);
            settled.warnings.push(...event.warnings);
          }
          if (!text.trim()) return null;
          // The score follows the text so far; highlights only what has settled.
          return { ...stream.report(), claims: [...settled.claims], warnings: [...settled.warnings] };
        },
        finish: () => {
          const report = stream.finish(); // ends the stream and releases its text
          stream.free();
          return report;
        },
      };
    }
  }
  return {
    mode: "prefix",
    push(delta) {
      text += delta;
      return prefixReport();
    },
    finish: () => validator.check({ question, answer: text, sources }),
  };
}

function addUserMessage(question) {
  $("messages").append(el("li", { className: "message user" }, el("p", {}, question)));
}

/** An assistant message whose text, badge and findings can be updated. */
function addAssistantMessage(sources) {
  const badge = el("confidence-badge", { label: "Grounded", pending: "" });
  const answer = el("p", { className: "answer" });
  const findings = el("ol", { className: "findings" });
  const findingsTitle = el("h3", {}, "Findings");
  const decision = el("span", { className: "decision" });
  const item = el(
    "li",
    { className: "message assistant", dataset: { state: "streaming", index: String(conversation.length) } },
    el("div", { className: "meta" }, el("span", { className: "who" }, "Answer"), badge, decision),
    answer,
    el("div", { className: "findings-box" }, findingsTitle, findings),
  );
  $("messages").append(item);
  const entry = { question: "", answer: "", sources, report: null };
  conversation.push(entry);
  return {
    item,
    entry,
    update(text, report, done) {
      entry.answer = text;
      if (report) entry.report = report;
      const shown = report ?? entry.report;
      answer.replaceChildren(highlightAnswer(document, text, shown));
      if (!done) answer.append(el("span", { className: "caret", "aria-hidden": "true" }));
      if (shown) {
        badge.report = shown;
        // No verdict until the answer is complete: the badge says "Checking…" (pending)
        // and so does the decision; settled findings are still listed as they come.
        if (done) {
          decision.textContent = DECISION_NAMES[shown.decision] ?? shown.decision;
          decision.title = `${shown.decision} · ${shown.recommendation}`;
          decision.dataset.decision = shown.decision;
        } else {
          decision.textContent = "checking…";
          decision.title = "The verdict comes when the answer is complete";
          delete decision.dataset.decision;
        }
        const list = findingsList(document, text, shown);
        findingsTitle.textContent = list.length ? `Findings (${list.length})` : "Findings";
        // No all-clear before the answer is complete either.
        const none = !done
          ? "Nothing found so far; the verdict comes when the answer is complete."
          : shown.abstained
            ? "The answer says the sources do not hold what was asked: it claims nothing, so there is nothing to verify."
            : shown.reasons?.some((r) => r.code === "NOTHING_TO_VERIFY")
              ? "Nothing in this answer to check: it states no claim and cites no source."
              : shown.decision === "CLARIFY"
                ? "Nothing to check against: ask the user to clarify or add documents."
                : "No problems found: every claim is supported by a cited source.";
        findings.replaceChildren(...(list.length ? list : [el("li", { className: done ? "ok" : "interim" }, none)]));
      }
      if (done) {
        badge.removeAttribute("pending");
        item.dataset.state = "done";
      }
    },
    fail(message) {
      badge.removeAttribute("pending");
      item.dataset.state = "error";
      answer.append(el("span", { className: "error" }, message));
    },
  };
}

/** How many answers have started playing: the status line follows the newest one. */
let plays = 0;

/** Plays an answer into a new message, checking it as it grows. */
async function playAnswer(question, sources, produce) {
  const play = ++plays;
  addUserMessage(question);
  const view = addAssistantMessage(sources);
  view.entry.question = question;
  showSources(view.entry);
  const checker = liveChecker(question, sources);
  view.item.dataset.checker = checker.mode;
  let text = "";
  try {
    await produce((delta) => {
      text += delta;
      view.update(text, checker.push(delta), false);
    });
    view.update(text, checker.finish(), true);
    const r = view.entry.report;
    const level = LEVEL_NAMES[r.level] ?? r.level;
    // An earlier answer that finishes later (a sample still streaming when your own
    // answer is checked) leaves the newest answer's status alone.
    if (play === plays) $("status").textContent = r.level === "abstained" || r.level === "clarify"
      ? `Checked: ${(DECISION_NAMES[r.decision] ?? r.decision).toLowerCase()} (${level.toLowerCase()}).`
      : `Checked: ${(DECISION_NAMES[r.decision] ?? r.decision).toLowerCase()}, confidence ${Math.round(r.confidence * 100)}% (${level.toLowerCase()}).`;
  } catch (err) {
    view.fail(formatError(err, "trailing"));
    if (play === plays) $("status").textContent = "The answer could not be checked.";
  }
  view.item.scrollIntoView({ block: "nearest" });
  return view;
}

/** Replays a canned answer in small chunks, like a model streaming it. */
const replay = (answer) => async (onDelta) => {
  for (let i = 0; i < answer.length; i += CHUNK) {
    onDelta(answer.slice(i, i + CHUNK));
    if (TICK_MS > 0) await sleep(TICK_MS);
  }
};

function showSources(entry, active = null) {
  $("sources-for").textContent = entry.question ? `for “${entry.question}”` : "";
  $("sources").replaceChildren(
    ...entry.sources.map((s, i) => {
      const where = s.url ?? s.path ?? "";
      let content = [document.createTextNode(s.content)];
      if (active && active.index === i && active.span) {
        const { start, end } = active.span;
        content = [s.content.slice(0, start), el("mark", { className: "passage" }, s.content.slice(start, end)), s.content.slice(end)];
      }
      return el(
        "li",
        { id: `source-${i}`, className: active?.index === i ? "active" : "" },
        el("div", { className: "source-head" }, el("b", {}, `[${i + 1}] ${s.title ?? s.id}`), el("code", {}, String(s.id))),
        where ? el("div", { className: "muted small" }, where) : "",
        el("p", {}, ...content),
      );
    }),
  );
}

function showPopover(target) {
  const msg = target.closest(".message.assistant");
  const entry = conversation[Number(msg?.dataset.index)];
  const details = entry?.report && citationDetails(entry.report, entry.sources, Number(target.dataset.marker));
  const pop = $("popover");
  if (!details) return;
  const { marker, targets, evidence, claim } = details;
  const body = [];
  if (targets.length === 0) {
    body.push(el("b", {}, `${marker.raw}: no such source`), el("p", {}, `Only ${entry.sources.length} sources were retrieved for this answer.`));
  }
  for (const t of targets) {
    body.push(el("b", {}, `[${t.index + 1}] ${t.source.title ?? t.source.id}`));
    if (t.source.url || t.source.path) body.push(el("div", { className: "muted small" }, t.source.url ?? t.source.path));
  }
  if (evidence) {
    body.push(el("div", { className: "label" }, `Matched passage (${claim.status}, score ${evidence.score.toFixed(2)})`), el("blockquote", {}, evidence.text));
  } else if (targets.length) {
    body.push(el("div", { className: "label" }, claim ? `No passage supports this claim (${claim.status})` : "Source"), el("blockquote", {}, targets[0].source.content.slice(0, 220) + (targets[0].source.content.length > 220 ? "…" : "")));
  }
  const close = el("button", { type: "button", className: "close", "aria-label": "Close", onclick: hidePopover }, "×");
  pop.replaceChildren(close, ...body);
  pop.hidden = false;
  placePopover(pop, target);
  const first = targets[0];
  showSources(entry, first ? { index: first.index, span: evidence?.span ?? null } : null);
  revealSource(first ? $(`source-${first.index}`) : null);
}

const narrow = () => window.matchMedia("(max-width: 860px)").matches;

/**
 * Places the popover where it hides nothing still to be read: on a wide screen above the
 * citation's line (over lines already read), or below the whole answer when there is no
 * room above; on a narrow screen as a sheet on the half of the screen away from the
 * citation. The page never scrolls, so the reader keeps their place.
 */
function placePopover(pop, target) {
  const r = target.getBoundingClientRect();
  if (narrow()) {
    const low = r.top > window.innerHeight / 2;
    pop.className = `popover sheet ${low ? "at-top" : "at-bottom"}`;
    pop.style.left = pop.style.top = "";
    return;
  }
  pop.className = "popover";
  const width = pop.offsetWidth;
  const height = pop.offsetHeight;
  pop.style.left = `${Math.max(8, Math.min(window.innerWidth - width - 8, r.left)) + window.scrollX}px`;
  if (r.top - height - 8 >= 0) {
    pop.style.top = `${r.top - height - 6 + window.scrollY}px`;
  } else {
    const block = (target.closest(".message") ?? target).getBoundingClientRect();
    pop.style.top = `${block.bottom + 6 + window.scrollY}px`;
  }
}

/** Scrolls the sources column (not the page) so the cited card shows, on wide screens only. */
function revealSource(card) {
  if (!card || narrow()) return;
  const column = card.closest(".side");
  if (!column) return;
  const c = column.getBoundingClientRect();
  const r = card.getBoundingClientRect();
  if (r.top < c.top || r.bottom > c.bottom) column.scrollTop += r.top - c.top - 8;
}

function hidePopover() {
  $("popover").hidden = true;
}

/** Sources from the "check your own" box: a JSON array, or one source per paragraph. */
function parseSources(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) return parseJson(trimmed, (err) => `The sources are not valid JSON: ${err.message}`, "sources");
  return trimmed
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((content, i) => ({ id: `s${i + 1}`, content }));
}

/** The form control an error's `field` is about (`sources[0].content` → the sources box). */
const OWN_FIELDS = { question: "own-question", answer: "own-answer", sources: "own-sources", checksums: "own-sources" };
function ownFieldOf(field) {
  const head = String(field ?? "").match(/^[A-Za-z]+/)?.[0];
  return head && Object.hasOwn(OWN_FIELDS, head) ? $(OWN_FIELDS[head]) : null;
}

function clearInvalid() {
  for (const id of Object.values(OWN_FIELDS)) {
    $(id).removeAttribute("aria-invalid");
    $(id).removeAttribute("aria-errormessage");
    document.querySelector(`label[for="${id}"]`)?.classList.remove("invalid");
  }
}

function onOwnCheck(event) {
  event.preventDefault();
  const status = $("own-status");
  const question = $("own-question").value;
  const answer = $("own-answer").value;
  clearInvalid();
  let sources;
  try {
    sources = parseSources($("own-sources").value);
    validator.check({ question, answer, sources }); // surface bad input here, before a message is added
  } catch (err) {
    // The message in plain words, then its code and field; the field is marked in the form.
    const code = el("code", {}, formatError(err, "tag"));
    status.replaceChildren(`${err.message} `, code);
    status.dataset.state = "error";
    status.dataset.code = err.code ?? "";
    const control = ownFieldOf(err.field);
    if (control) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-errormessage", "own-status");
      document.querySelector(`label[for="${control.id}"]`)?.classList.add("invalid");
      control.focus({ preventScroll: true });
    }
    return;
  }
  status.textContent = "";
  delete status.dataset.state;
  delete status.dataset.code;
  playAnswer(question, sources, replay(answer));
}

function onEndpointSave(event) {
  event.preventDefault();
  const on = $("endpoint-on").checked;
  endpoint = on ? { baseUrl: $("endpoint-url").value.trim(), model: $("endpoint-model").value.trim(), apiKey: $("endpoint-key").value } : null;
  $("endpoint-status").textContent = on ? `Typed questions go to ${endpoint.model} at ${endpoint.baseUrl}.` : "Typed questions get the built-in sample answers.";
}

function onAsk(event) {
  event.preventDefault();
  const question = $("question").value.trim();
  if (!question) return;
  $("question").value = "";
  if (endpoint) {
    playAnswer(question, SAMPLE_SOURCES, (onDelta) => streamAnswer(endpoint, question, SAMPLE_SOURCES, onDelta));
    return;
  }
  const sample = findSample(question);
  if (sample) {
    playAnswer(sample.question === question ? question : `${question} (closest sample: “${sample.question}”)`, sample.sources, replay(sample.answer));
    return;
  }
  addUserMessage(question);
  $("messages").append(
    el("li", { className: "message note" }, el("p", {}, "There is no built-in answer for that question. Pick a sample, paste your own answer and sources under “Check your own answer”, or connect a model under “Answer with a model”.")),
  );
}

async function main() {
  $("samples").append(
    ...SAMPLES.map((s) =>
      el("button", { type: "button", className: "chip", dataset: { sample: s.id }, onclick: () => playAnswer(s.question, s.sources, replay(s.answer)) }, s.question),
    ),
  );
  $("sample-questions").append(...SAMPLES.map((s) => el("option", { value: s.question })));
  const own = SAMPLES[2];
  $("own-question").value = own.question;
  $("own-answer").value = own.answer;
  $("own-sources").value = JSON.stringify(own.sources.map(({ id, title, content }) => ({ id, title, content })), null, 2);
  showSources({ question: "", sources: SAMPLE_SOURCES });

  await init();
  validator = validators(Validator).shared;
  $("status").textContent = `groundcheck ${groundcheck.version()} loaded${typeof groundcheck.StreamingValidator === "function" ? " (streaming validator)" : ""}.`;
  document.body.dataset.ready = "true";

  $("ask").addEventListener("submit", onAsk);
  $("own-form").addEventListener("submit", onOwnCheck);
  $("own-form").addEventListener("input", (e) => {
    if (e.target.getAttribute?.("aria-invalid") === "true") {
      e.target.removeAttribute("aria-invalid");
      document.querySelector(`label[for="${e.target.id}"]`)?.classList.remove("invalid");
    }
  });
  $("endpoint-form").addEventListener("submit", onEndpointSave);
  const messages = $("messages");
  messages.addEventListener("mouseover", (e) => e.target.closest?.(".cite") && showPopover(e.target.closest(".cite")));
  messages.addEventListener("mouseout", (e) => e.target.closest?.(".cite") && !narrow() && hidePopover());
  messages.addEventListener("focusin", (e) => e.target.closest?.(".cite") && showPopover(e.target.closest(".cite")));
  messages.addEventListener("focusout", (e) => !$("popover").contains(e.relatedTarget) && hidePopover());
  // On a narrow screen the sheet stays until closed, or a tap elsewhere.
  document.addEventListener("click", (e) => !e.target.closest?.(".cite, #popover") && hidePopover());
  messages.addEventListener("click", (e) => e.target.closest?.(".cite") && showPopover(e.target.closest(".cite")));
  document.addEventListener("keydown", (e) => e.key === "Escape" && hidePopover());

  // First load: play the sample that shows a highlighted unsupported claim.
  if (params.get("autoplay") !== "0") {
    const first = SAMPLES.find((s) => s.id === (params.get("sample") ?? "unsupported")) ?? SAMPLES[1];
    await playAnswer(first.question, first.sources, replay(first.answer));
  }
}

main().catch((err) => {
  $("status").textContent = `Could not load the module: ${err.message}`;
  document.body.dataset.ready = "error";
  console.error(err);
});
