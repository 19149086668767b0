import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { checkRepository, importCycles, importsOf } from "./import-rules.mjs";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// A throwaway repository laid out like ours, holding exactly the files a test writes.
let scratch;
function repository(files) {
  scratch = mkdtempSync(path.join(tmpdir(), "import-rules-"));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
  }
  return scratch;
}
afterEach(() => scratch && rmSync(scratch, { recursive: true, force: true }));

const clean = {
  "apps/web/src/lib/format.ts": "export const format = (n: number) => String(n);\n",
  "apps/web/src/components/badge.tsx": 'import { format } from "#web/lib/format.ts";\nexport const Badge = format;\n',
  "apps/web/src/features/orders/api.ts": 'import { format } from "../../lib/format.ts";\nexport const x = format;\n',
  "apps/web/src/features/orders/page.tsx":
    'import { x } from "./api.ts";\nimport { Badge } from "#web/components/badge.tsx";\n',
  "apps/web/src/routes/orders.tsx": 'import "#web/features/orders/page.tsx";\nimport "#web/features/tasks/page.tsx";\n',
  "apps/web/src/features/tasks/page.tsx": "export {};\n",
  "apps/server/src/lib/http.ts": "export {};\n",
  "apps/server/src/plugins/scope.ts": 'import "#server/lib/http.ts";\n',
  "apps/server/src/modules/orders/orders.routes.ts": 'import "#server/plugins/scope.ts";\n',
  "apps/server/src/modules/orders/index.ts": 'export * from "./orders.routes.ts";\n',
  "apps/server/src/modules/tasks/tasks.service.ts": 'import "#server/modules/orders/index.ts";\n',
  "apps/server/src/modules/tasks/index.ts": 'export * from "./tasks.service.ts";\n',
  "apps/server/src/app.ts": 'import "./modules/orders/index.ts";\nimport "./modules/tasks/index.ts";\n',
};

/** What the check reports on the clean repository with these files added or replaced. */
const problemsWith = (files) => checkRepository(repository({ ...clean, ...files }));

describe("the import rules", () => {
  it("pass a repository that keeps them", () => {
    expect(checkRepository(repository(clean))).toEqual([]);
  });

  it("refuse an import from one web feature into another", () => {
    const root = repository({
      ...clean,
      "apps/web/src/features/tasks/page.tsx": 'import { x } from "#web/features/orders/api.ts";\nexport { x };\n',
    });
    expect(checkRepository(root)).toEqual([
      "apps/web/src/features/tasks/page.tsx → apps/web/src/features/orders/api.ts: feature tasks imports feature orders",
    ]);
  });

  it("refuse it also when written as a climbing relative path", () => {
    const root = repository({
      ...clean,
      "apps/web/src/features/tasks/page.tsx": 'import { x } from "../orders/api.ts";\nexport { x };\n',
    });
    expect(checkRepository(root)).toHaveLength(1);
  });

  it("refuse an import cycle, naming every file on it", () => {
    const root = repository({
      ...clean,
      "apps/web/src/features/orders/api.ts": 'import "./page.tsx";\nexport const x = 1;\n',
    });
    expect(checkRepository(root)).toEqual([
      "import cycle: apps/web/src/features/orders/api.ts ↔ apps/web/src/features/orders/page.tsx",
    ]);
  });

  it("refuse a server plugin importing a module, and lib importing anything above it", () => {
    const root = repository({
      ...clean,
      "apps/server/src/plugins/scope.ts": 'import "#server/modules/orders/orders.routes.ts";\n',
      "apps/server/src/lib/http.ts": 'import type { X } from "../plugins/other.ts";\n',
      "apps/server/src/plugins/other.ts": "export type X = 1;\n",
      "apps/server/src/modules/orders/orders.routes.ts": "export {};\n",
    });
    const problems = checkRepository(root);
    expect(problems).toContain(
      "apps/server/src/plugins/scope.ts → apps/server/src/modules/orders/orders.routes.ts: plugins are cross-cutting: app.ts hands them what they need from a module",
    );
    expect(problems).toContain(
      "apps/server/src/lib/http.ts → apps/server/src/plugins/other.ts: lib is the bottom layer",
    );
  });

  it("refuse production code that imports test code", () => {
    const root = repository({
      ...clean,
      "apps/server/src/lib/http.ts": 'import "#server/test/app.ts";\n',
      "apps/server/src/test/app.ts": "export {};\n",
    });
    expect(checkRepository(root)).toEqual([
      "apps/server/src/lib/http.ts → apps/server/src/test/app.ts: production code must not depend on test code",
    ]);
  });

  it("refuse a server module importing another module's repository", () => {
    expect(
      problemsWith({
        "apps/server/src/modules/orders/orders.repository.ts": "export const findOrder = () => null;\n",
        "apps/server/src/modules/tasks/tasks.service.ts":
          'import { findOrder } from "#server/modules/orders/orders.repository.ts";\n',
      }),
    ).toEqual([
      "apps/server/src/modules/tasks/tasks.service.ts → apps/server/src/modules/orders/orders.repository.ts: module tasks imports orders's internals (orders.repository.ts): import modules/orders/index.ts",
    ]);
  });

  it("refuse the composition root reaching past a module's index.ts, however the path is written", () => {
    expect(
      problemsWith({
        "apps/server/src/app.ts": 'import "./modules/orders/orders.routes.ts";\nimport "./modules/tasks/index.ts";\n',
        "apps/server/src/modules/tasks/tasks.service.ts": 'import "../orders/orders.routes";\n',
      }),
    ).toEqual([
      "apps/server/src/app.ts → apps/server/src/modules/orders/orders.routes.ts: app.ts imports orders's internals (orders.routes.ts): import modules/orders/index.ts",
      "apps/server/src/modules/tasks/tasks.service.ts → apps/server/src/modules/orders/orders.routes.ts: module tasks imports orders's internals (orders.routes.ts): import modules/orders/index.ts",
    ]);
  });

  it("pass a module importing another through its index.ts, and a module importing its own files", () => {
    expect(
      problemsWith({
        "apps/server/src/modules/orders/orders.repository.ts": "export const findOrder = () => null;\n",
        "apps/server/src/modules/orders/orders.routes.ts": 'import "./orders.repository.ts";\n',
        "apps/server/src/modules/tasks/tasks.service.ts":
          'import { findOrder } from "#server/modules/orders/index.ts";\n',
      }),
    ).toEqual([]);
  });

  it("let tests, the seed, the benchmarks and the evals reach a module's internals", () => {
    expect(
      problemsWith({
        "apps/server/src/modules/orders/orders.repository.ts": "export {};\n",
        "apps/server/src/modules/tasks/tasks.test.ts": 'import "#server/modules/orders/orders.repository.ts";\n',
        "apps/server/src/test/fixtures.ts": 'import "#server/modules/orders/orders.repository.ts";\n',
        "apps/server/src/seed/seed-orders.ts": 'import "#server/modules/orders/orders.repository.ts";\n',
        "apps/server/src/bench/orders-bench.ts": 'import "#server/modules/orders/orders.repository.ts";\n',
        "apps/server/src/evals/eval-world.ts": 'import "#server/modules/orders/orders.repository.ts";\n',
      }),
    ).toEqual([]);
  });

  // The first plants no file cycle: orders' index.ts and the file that imports tasks are different files.
  it.each([
    [
      "two modules that import each other, even through their index.ts files only",
      { "apps/server/src/modules/orders/orders.tasks.ts": 'import "#server/modules/tasks/index.ts";\n' },
      "module cycle: orders ↔ tasks",
    ],
    [
      "a cycle of three modules, naming all three",
      {
        "apps/server/src/modules/billing/index.ts": 'export * from "./billing.service.ts";\n',
        "apps/server/src/modules/billing/billing.service.ts": 'import "#server/modules/tasks/index.ts";\n',
        "apps/server/src/modules/orders/orders.billing.ts": 'import "#server/modules/billing/index.ts";\n',
      },
      "module cycle: billing ↔ orders ↔ tasks",
    ],
  ])("refuse %s", (_, files, problem) => {
    expect(problemsWith(files)).toEqual([problem]);
  });

  it("leave tests out of the module graph", () => {
    expect(
      problemsWith({
        "apps/server/src/modules/orders/orders.test.ts": 'import "#server/modules/tasks/index.ts";\n',
      }),
    ).toEqual([]);
  });

  it("read static imports and re-exports, but not lazy import()", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "./b.ts";',
      'import "./c.css";',
      'export { d } from "./d.ts";',
      "import {\n  e,\n  f,\n} from './e.ts';",
      'const lazy = () => import("./lazy.ts");',
    ].join("\n");
    expect(importsOf(source)).toEqual(["./a.ts", "./b.ts", "./c.css", "./d.ts", "./e.ts"]);
  });

  it("find a cycle of three and a file importing itself", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["d"]],
      ["e", ["a"]],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"], ["d"]]);
  });
});

describe("this repository", () => {
  it("keeps every import rule: no feature imports another, no layer imports upwards, modules meet only at their index.ts, no cycles", () => {
    expect(checkRepository(repositoryRoot)).toEqual([]);
  });
});
