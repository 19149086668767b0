import type { ScenarioResult } from "./run-scenario.ts";
import type { Language, Scenario } from "./scenario.ts";

// The lines `npm run eval` prints about the agent sets (run-evals.ts runs them): one line per scenario
// or conversation, what went wrong, pass^k, and the conversation set's pass rate per category and
// language. Pure: results in, lines out.

/** Each scenario's trials, by id, in trial order. */
export type Results = Map<string, ScenarioResult[]>;

/** The share of the conversation set that must pass on the built-in engine (issue 30). */
export const CONVERSATION_PASS_GOAL = 0.95;

const LANGUAGES: Language[] = ["en", "es"];

/** Passed every trial it ran. */
export const passedAll = (results: Results, scenario: Scenario) => results.get(scenario.id)!.every((r) => r.passed);

export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** One terminal line of at most `length` characters: line breaks shown as ⏎. */
export function truncate(text: string, length: number): string {
  const line = text.replaceAll("\n", " ⏎ ");
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

/** One line per scenario: passes/k, average time, and the first failure or the known issue. */
export function scenarioLines(title: string, list: Scenario[], results: Results, k: number): string[] {
  const withCategory = list.some((s) => s.category);
  const idWidth = Math.max(...list.map((s) => s.id.length), title.length);
  const categoryWidth = Math.max(...list.map((s) => (s.category ?? "").length), "category".length);
  const category = (text: string) => (withCategory ? `  ${text.padEnd(categoryWidth)}` : "");
  const lines = [`${title.padEnd(idWidth)}  lang${category("category")}  passes  avg ms  note`];
  for (const scenario of list) {
    const trials = results.get(scenario.id)!;
    const passes = trials.filter((r) => r.passed).length;
    const avg = Math.round(trials.reduce((sum, r) => sum + r.ms, 0) / trials.length);
    const mark = passes === k ? "✓" : scenario.knownIssue ? "~" : "✗";
    const firstFailure = trials.find((r) => !r.passed)?.failures[0];
    const note = scenario.knownIssue ? "known issue" : (firstFailure ?? "");
    lines.push(
      `${scenario.id.padEnd(idWidth)}  ${scenario.language.padEnd(4)}${category(scenario.category ?? "")}  ${`${passes}/${k}`.padStart(6)}  ${String(avg).padStart(6)}  ${mark} ${truncate(note, 90)}`,
    );
  }
  return lines;
}

/**
 * Each failing scenario: its failures (cut to a few lines unless `verbose`) and, unless a known issue
 * (or with `verbose`), the transcript.
 */
export function failureDetails(list: Scenario[], results: Results, verbose: boolean): string[] {
  const lines: string[] = [];
  for (const scenario of list.filter((s) => !passedAll(results, s))) {
    const failed = results.get(scenario.id)!.filter((r) => !r.passed);
    lines.push("", `${scenario.knownIssue ? "~" : "✗"} ${scenario.id} — ${scenario.title}`);
    if (scenario.knownIssue) lines.push(`  known issue: ${scenario.knownIssue}`);
    for (const result of failed.slice(0, verbose ? failed.length : 1)) {
      lines.push(`  trial ${result.trial}:`);
      for (const failure of result.failures) lines.push(`    - ${verbose ? failure : truncate(failure, 300)}`);
      if (verbose || !scenario.knownIssue)
        for (const line of result.transcript) lines.push(`      ${truncate(line, 200)}`);
    }
  }
  return lines;
}

/** pass^k: the share of the list whose first k trials all passed. */
export function passHat(list: Scenario[], results: Results, k: number): number {
  if (list.length === 0) return 0;
  return (
    list.filter((s) =>
      results
        .get(s.id)!
        .slice(0, k)
        .every((r) => r.passed),
    ).length / list.length
  );
}

/** pass^k for k = 1..K, one column per named list. */
export function passHatTable(columns: { title: string; list: Scenario[] }[], results: Results, K: number): string[] {
  const shown = columns.filter((column) => column.list.length > 0);
  const lines = [`${"k".padStart(3)}${shown.map((c) => `  ${c.title}`).join("")}`];
  for (let k = 1; k <= K; k++)
    lines.push(
      `${String(k).padStart(3)}${shown.map((c) => `  ${percent(passHat(c.list, results, k)).padStart(c.title.length)}`).join("")}`,
    );
  return lines;
}

export type CategoryRow = {
  category: string;
  byLanguage: Record<Language, { passed: number; total: number }>;
  passed: number;
  total: number;
};

/** The set's pass counts per category and language (passed = every trial passed), categories in first-seen order. */
export function categoryRows(list: Scenario[], results: Results): CategoryRow[] {
  const rows = new Map<string, CategoryRow>();
  for (const scenario of list) {
    const category = scenario.category ?? "(none)";
    let row = rows.get(category);
    if (!row) {
      row = { category, byLanguage: { en: { passed: 0, total: 0 }, es: { passed: 0, total: 0 } }, passed: 0, total: 0 };
      rows.set(category, row);
    }
    const passed = passedAll(results, scenario) ? 1 : 0;
    row.byLanguage[scenario.language].passed += passed;
    row.byLanguage[scenario.language].total += 1;
    row.passed += passed;
    row.total += 1;
  }
  return [...rows.values()];
}

/** The per-category table with a total row. */
export function categoryTable(list: Scenario[], results: Results): string[] {
  const rows = categoryRows(list, results);
  const total: CategoryRow = {
    category: "all",
    byLanguage: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        {
          passed: rows.reduce((sum, row) => sum + row.byLanguage[language].passed, 0),
          total: rows.reduce((sum, row) => sum + row.byLanguage[language].total, 0),
        },
      ]),
    ) as CategoryRow["byLanguage"],
    passed: rows.reduce((sum, row) => sum + row.passed, 0),
    total: rows.reduce((sum, row) => sum + row.total, 0),
  };
  const width = Math.max(...rows.map((row) => row.category.length), "category".length);
  const cell = (count: { passed: number; total: number }) =>
    (count.total ? `${count.passed}/${count.total}` : "–").padStart(7);
  const line = (row: CategoryRow) =>
    `${row.category.padEnd(width)}  ${LANGUAGES.map((language) => cell(row.byLanguage[language])).join("  ")}  ${percent(row.passed / row.total).padStart(9)}`;
  return [
    `${"category".padEnd(width)}  ${LANGUAGES.map((language) => language.padStart(7)).join("  ")}  ${"pass rate".padStart(9)}`,
    ...rows.map(line),
    `${"-".repeat(width)}  ${LANGUAGES.map(() => "-".repeat(7)).join("  ")}  ${"-".repeat(9)}`,
    line(total),
  ];
}

/** The share of the set that passed every trial (0 for an empty set). */
export function passRate(list: Scenario[], results: Results): number {
  return list.length === 0 ? 0 : list.filter((s) => passedAll(results, s)).length / list.length;
}
