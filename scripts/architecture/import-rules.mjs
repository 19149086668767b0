// The code's dependency rules, checked by reading every import (run by `npm test` through
// import-rules.test.mjs). docs/architecture.md explains the rules; this file is their only enforcer.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Each workspace's source folder and the alias its imports use for it. */
export const WORKSPACES = [
  { name: "web", src: "apps/web/src", alias: "#web/" },
  { name: "server", src: "apps/server/src", alias: "#server/" },
  { name: "contract", src: "packages/contract/src", alias: null },
];

/**
 * Rules over paths relative to a workspace's src. `from` and `to` match the start of the importing and
 * the imported file's path; `except` lists prefixes of `from` the rule does not apply to.
 */
export const RULES = [
  {
    workspace: "web",
    from: "components/",
    to: ["features/", "routes/"],
    why: "shared components serve every feature, so they cannot depend on one",
  },
  { workspace: "web", from: "lib/", to: ["features/", "routes/", "components/"], why: "lib is the bottom layer" },
  { workspace: "web", from: "features/", to: ["routes/"], why: "routes compose features, not the other way" },
  { workspace: "server", from: "lib/", to: ["plugins/", "modules/", "db/"], why: "lib is the bottom layer" },
  {
    workspace: "server",
    from: "plugins/",
    to: ["modules/"],
    why: "plugins are cross-cutting: app.ts hands them what they need from a module",
  },
  {
    workspace: "server",
    from: "db/",
    to: ["modules/", "plugins/", "seed/", "bench/"],
    why: "the schema, migrations and bulk writers sit below the modules",
  },
  // The demo seed and the benchmarks use the modules' writers; nothing the product runs on uses them.
  ...["lib/", "plugins/", "modules/"].map((from) => ({
    workspace: "server",
    from,
    to: ["seed/", "bench/"],
    why: "seed and bench code sit above the product, never inside it",
  })),
];

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const isTestFile = (file) => /\.test\.(ts|tsx|mjs)$/.test(file) || file.startsWith("test/");

function listSources(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full, base);
    return SOURCE.test(name) && !name.endsWith(".gen.ts") ? [path.relative(base, full).split(path.sep).join("/")] : [];
  });
}

// Static imports and re-exports (`import … from`, `import "…"`, `export … from`). Dynamic `import()` is left
// out on purpose: it is how screens load lazily, and it cannot form a load-order cycle.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']/g;

export function importsOf(source) {
  const specifiers = [];
  for (const match of source.matchAll(IMPORT)) specifiers.push(match[1]);
  return specifiers;
}

/** The file (relative to src) an import names, or null for a package. */
export function resolveImport(fromFile, specifier, alias) {
  let target;
  if (alias && specifier.startsWith(alias)) target = specifier.slice(alias.length);
  else if (specifier.startsWith("."))
    target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  else return null;
  return target;
}

/** Loads one workspace's import graph: file → files it imports (within the workspace). */
export function loadGraph(root, workspace) {
  const srcDir = path.join(root, workspace.src);
  const files = listSources(srcDir);
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const source = readFileSync(path.join(srcDir, file), "utf8");
    const targets = importsOf(source)
      .map((specifier) => resolveImport(file, specifier, workspace.alias))
      .filter((target) => target !== null)
      .map((target) =>
        known.has(target)
          ? target
          : ([".ts", ".tsx", "/index.ts"].map((e) => target + e).find((t) => known.has(t)) ?? target),
      );
    graph.set(file, targets);
  }
  return graph;
}

const featureOf = (file) => /^features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Imports from one web feature into another: what two features share belongs in components/ or lib/. */
export function crossFeatureImports(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const own = featureOf(file);
    if (!own) continue;
    for (const target of targets) {
      const other = featureOf(target);
      if (other && other !== own) found.push({ file, target, why: `feature ${own} imports feature ${other}` });
    }
  }
  return found;
}

/** Imports that break a layering rule of RULES for this workspace. Tests may reach anywhere below them. */
export function layerViolations(graph, workspaceName, rules = RULES) {
  const found = [];
  for (const rule of rules.filter((r) => r.workspace === workspaceName)) {
    for (const [file, targets] of graph) {
      if (!file.startsWith(rule.from) || rule.except?.some((prefix) => file.startsWith(prefix))) continue;
      for (const target of targets)
        if (rule.to.some((prefix) => target.startsWith(prefix))) found.push({ file, target, why: rule.why });
    }
  }
  return found;
}

const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/**
 * Server code that may reach into a module's internals: tests, the demo seed, the benchmarks and the
 * evals build their worlds through the modules' writers, and nothing the product runs on imports them.
 */
const MAY_REACH_INTERNALS = ["seed/", "bench/", "evals/"];
const mayReachInternals = (file) => isTestFile(file) || MAY_REACH_INTERNALS.some((prefix) => file.startsWith(prefix));

/**
 * Imports into another server module other than its public face, `modules/<m>/index.ts`: from another
 * module, and from the code that composes them (app.ts, start-up), so a module can change its
 * insides without its callers noticing.
 */
export function moduleInternalImports(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    if (mayReachInternals(file)) continue;
    const own = moduleOf(file);
    for (const target of targets) {
      const other = moduleOf(target);
      if (!other || other === own || target === `modules/${other}/index.ts`) continue;
      const importer = own ? `module ${own}` : file;
      const inside = target.slice(`modules/${other}/`.length);
      found.push({
        file,
        target,
        why: `${importer} imports ${other}'s internals (${inside}): import modules/${other}/index.ts`,
      });
    }
  }
  return found;
}

/** Module → the other modules its production files import (a module never lists itself). */
export function moduleGraph(graph) {
  const modules = new Map();
  for (const [file, targets] of graph) {
    const own = moduleOf(file);
    if (!own || isTestFile(file)) continue;
    if (!modules.has(own)) modules.set(own, new Set());
    for (const target of targets) {
      const other = moduleOf(target);
      if (other && other !== own) modules.get(own).add(other);
    }
  }
  return new Map([...modules].map(([name, uses]) => [name, [...uses].sort()]));
}

/** Production code importing test code (src/test/, *.test.*). */
export function productionImportsOfTests(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    if (isTestFile(file)) continue;
    for (const target of targets)
      if (isTestFile(target)) found.push({ file, target, why: "production code must not depend on test code" });
  }
  return found;
}

/** Every import cycle, each as the list of files around it (Tarjan's strongly connected components). */
export function importCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Every broken rule in the repository at `root`, as readable lines (empty when all is well). */
export function checkRepository(root) {
  const problems = [];
  for (const workspace of WORKSPACES) {
    const graph = loadGraph(root, workspace);
    const prefix = `${workspace.src}/`;
    const violations = [
      ...(workspace.name === "web" ? crossFeatureImports(graph) : []),
      ...layerViolations(graph, workspace.name),
      ...(workspace.name === "server" ? moduleInternalImports(graph) : []),
      ...productionImportsOfTests(graph),
    ];
    for (const v of violations) problems.push(`${prefix}${v.file} → ${prefix}${v.target}: ${v.why}`);
    for (const cycle of importCycles(graph)) problems.push(`import cycle: ${cycle.map((f) => prefix + f).join(" ↔ ")}`);
    // Modules that depend on each other through their public faces only form no file cycle, yet
    // neither can change or be understood without the other.
    if (workspace.name === "server")
      for (const cycle of importCycles(moduleGraph(graph))) problems.push(`module cycle: ${cycle.join(" ↔ ")}`);
  }
  return problems;
}
