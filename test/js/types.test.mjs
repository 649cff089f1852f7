// Type-checks test/types/usage.ts against the generated pkg/groundcheck.d.ts with tsc --strict.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const root = fileURLToPath(new URL("../..", import.meta.url));

test("test/types/usage.ts type-checks with tsc --strict", () => {
  const tsc = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
  const r = spawnSync(process.execPath, [tsc, "--noEmit", "-p", "test/types/tsconfig.json"], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
});
