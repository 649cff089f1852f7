// repair(): unsupported sentences removed or marked, invalid citation markers stripped,
// over real reports of the built module; removed spans in UTF-16 of the original answer.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Validator, repair as repairFromNode } from "../../js/node.mjs";
import { repair } from "../../js/repair.mjs";

const sources = [
  { id: "wiki", title: "Eiffel Tower", content: "The tower was constructed from 1887 to 1889 for the World's Fair." },
  { id: "facts", title: "Key figures", content: "The Eiffel Tower is 330 metres tall." },
];
const check = (answer) => new Validator({}).check({ question: "Tell me about the Eiffel Tower.", answer, sources });

/** Cutting every removed range out of the answer gives the repaired text. */
function cutOut(answer, removed) {
  let out = "";
  let at = 0;
  for (const r of removed) {
    assert.equal(answer.slice(r.start, r.end), r.text, "spans are UTF-16 offsets of the original");
    out += answer.slice(at, r.start);
    at = r.end;
  }
  return out + answer.slice(at);
}

test("an unsupported sentence is removed with its out-of-range marker; the rest is untouched", () => {
  const answer = "The Eiffel Tower 🗼 was built from 1887 to 1889 [1]. It is 330 metres tall [2]. It was designed by Gustave Eiffel himself [3].";
  const report = check(answer);
  assert.deepEqual(report.warnings.map((w) => w.kind).sort(), ["CITATION_OUT_OF_RANGE", "UNSUPPORTED_CLAIM"]);
  const { text, removed } = repair(report, answer);
  assert.equal(text, "The Eiffel Tower 🗼 was built from 1887 to 1889 [1]. It is 330 metres tall [2].");
  assert.deepEqual(removed, [
    { start: answer.indexOf(" It was designed"), end: answer.length, text: " It was designed by Gustave Eiffel himself [3].", kind: "UNSUPPORTED_CLAIM", action: "removed" },
  ]);
  assert.equal(removed[0].start, 79, "🗼 counts two UTF-16 units");
  assert.equal(cutOut(answer, removed), text);
  // The repaired answer checks clean.
  const again = check(text);
  assert.deepEqual(again.warnings, []);
  assert.equal(again.decision, "FINAL");
  assert.equal(repairFromNode, repair, "groundcheck/node exports the same function");
});

test("mark mode keeps the sentence between markers and still strips the invalid citation", () => {
  const answer = "The Eiffel Tower was built from 1887 to 1889 [1]. It was designed by Gustave Eiffel himself [3].";
  const { text, removed } = repair(check(answer), answer, { mode: "mark" });
  assert.equal(text, "The Eiffel Tower was built from 1887 to 1889 [1]. ⟦It was designed by Gustave Eiffel himself.⟧");
  assert.deepEqual(removed.map((r) => [r.kind, r.action, r.text]), [
    ["UNSUPPORTED_CLAIM", "marked", "It was designed by Gustave Eiffel himself [3]."],
    ["CITATION_OUT_OF_RANGE", "removed", " [3]"],
  ]);
  const custom = repair(check(answer), answer, { mode: "mark", marker: { open: "<del>", close: "</del>" } });
  assert.ok(custom.text.endsWith("<del>It was designed by Gustave Eiffel himself.</del>"));
});

test("a supported sentence with an extra out-of-range marker only loses the marker", () => {
  const answer = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2][4].";
  const report = check(answer);
  assert.deepEqual(report.warnings.map((w) => w.kind), ["CITATION_OUT_OF_RANGE"]);
  const { text, removed } = repair(report, answer);
  assert.equal(text, "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2].");
  assert.deepEqual(removed.map((r) => r.text), ["[4]"]);
  // Not asked to drop it: untouched.
  assert.equal(repair(report, answer, { drop: ["UNSUPPORTED_CLAIM"] }).text, answer);
});

test("a list item goes with its line; CJK and emoji before it keep the offsets exact", () => {
  const answer = "## エッフェル塔 🚀\n- The Eiffel Tower was built from 1887 to 1889 [1].\n- It is 330 metres tall [2].\n- It is painted blue every year by 500 workers [2].\n- The tower is 330 metres tall [2].";
  const report = check(answer);
  assert.deepEqual(report.warnings.map((w) => w.kind), ["UNSUPPORTED_CLAIM"]);
  const { text, removed } = repair(report, answer);
  assert.equal(text, "## エッフェル塔 🚀\n- The Eiffel Tower was built from 1887 to 1889 [1].\n- It is 330 metres tall [2].\n- The tower is 330 metres tall [2].");
  assert.equal(removed[0].start, answer.indexOf("- It is painted"));
  assert.deepEqual(removed.map((r) => r.text), ["- It is painted blue every year by 500 workers [2].\n"]);
  assert.equal(cutOut(answer, removed), text);
});

test("a clean answer comes back unchanged, both modes", () => {
  const answer = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2].";
  const report = check(answer);
  assert.equal(report.decision, "FINAL");
  for (const mode of ["remove", "mark"]) assert.deepEqual(repair(report, answer, { mode }), { text: answer, removed: [] });
});

test("bad arguments are coded errors naming the field", () => {
  const report = check("Paris [1].");
  const codeOf = (fn) => {
    try {
      fn();
    } catch (e) {
      return [e.code, e.field];
    }
    return null;
  };
  assert.deepEqual(codeOf(() => repair(report, 42)), ["INVALID_TYPE", "answer"]);
  assert.deepEqual(codeOf(() => repair({}, "x")), ["INVALID_TYPE", "report"]);
  assert.deepEqual(codeOf(() => repair(report, "x", { drop: ["UNSUPPORTED"] })), ["INVALID_VALUE", "options.drop[0]"]);
  assert.deepEqual(codeOf(() => repair(report, "x", { mode: "delete" })), ["INVALID_VALUE", "options.mode"]);
});
