// Runs the README's JavaScript example as a user would (importing "groundcheck/node"
// through the package's own exports) and checks that it prints what the README says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("the README's usage example runs and prints what its comments say", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const match = readme.match(/```js\n([\s\S]*?)```/);
  assert.ok(match, "README has a js example");
  const code = match[1];
  // Inside the package, "groundcheck/node" resolves through the package's own exports.
  mkdirSync(join(ROOT, "test-results"), { recursive: true });
  const file = join(ROOT, "test-results", "readme-example.mjs");
  writeFileSync(file, code);
  const run = spawnSync(process.execPath, [file], { cwd: ROOT, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const out = run.stdout.split("\n");
  // Every `// expected output` comment line that follows a console.log must appear.
  const expected = code
    .split("\n")
    .filter((l) => /^\/\/ /.test(l) && !/^\/\/ In a /.test(l) && !/^\/\/\s{5,}/.test(l))
    .map((l) => l.slice(3).trim());
  assert.ok(expected.length >= 5, "the example states its outputs");
  for (const line of expected) {
    assert.ok(out.some((o) => o.trim() === line), `printed: ${line}\n--- got ---\n${run.stdout}`);
  }
  const inline = code.match(/console\.log\(report\.decision, report\.level, report\.confidence\); \/\/ (.*)/);
  assert.ok(out.includes(inline[1]), `first line is "${inline[1]}"`);
  assert.match(run.stdout, /1\. The claim "It was designed by Gustave Eiffel himself \[3\]\."/);
});
