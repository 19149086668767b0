// The AI employees table with 1,000 employees, in Chromium on a desktop window: the table is sorted,
// filtered and paged in the browser, so this is where a large workforce would hurt. Figures are taken
// inside the page (performance.now() and requestAnimationFrame), as a user would see them.
const EMPLOYEES = 1000;
const RUNS = 5;

/** A CSV of `count` employees spread over the company's departments (the import's own format). */
function workforceCsv(columns, count, departmentNames) {
  const lines = [columns.join(",")];
  for (let i = 0; i < count; i++) {
    const values = {
      name: `Bench Agent ${String(i + 1).padStart(4, "0")}`,
      role: i % 3 === 0 ? "Account executive" : "Support agent",
      department: departmentNames[i % departmentNames.length],
      status: i % 7 === 0 ? "inactive" : "active",
      languages: "en",
    };
    lines.push(columns.map((column) => values[column] ?? "").join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

const rowsOnScreen = () => document.querySelectorAll('[data-testid="ai-employee-row"]').length;

/**
 * Hires 1,000 employees through the CSV import, then times the table: navigation → first page of rows,
 * sorting by revenue, a search keystroke, and the next page. Returns the samples in ms by label.
 */
export async function benchAiEmployeesTable({ browser, storageState, base, api }) {
  const departments = await api("GET", "/app/ai_departments.json");
  // The export's header names the import's columns.
  const exported = await api("GET", "/app/ai_employees/export.csv");
  const columns = exported
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/, 1)[0]
    .split(",");
  const csv = workforceCsv(
    columns,
    EMPLOYEES,
    departments.map((d) => d.name),
  );
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
  await api("POST", "/app/ai_employees/import.json", form);
  const { employees } = await api("GET", "/app/ai_employees/outcomes.json");

  const context = await browser.newContext({ baseURL: base, storageState, viewport: { width: 1366, height: 860 } });
  const samples = { load: [], sort: [], search: [], next: [] };
  for (let run = 0; run < RUNS; run++) {
    const page = await context.newPage();
    await page.addInitScript((rowsOnScreenSource) => {
      window.__rows = new Function(`return (${rowsOnScreenSource})()`);
      window.__benchWhen = (ready, from = performance.now()) => {
        window.__benchAt = new Promise((resolve) => {
          const tick = () => (ready() ? resolve(performance.now() - from) : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        });
      };
      window.__benchWhen(() => window.__rows() > 0, 0);
    }, rowsOnScreen.toString());
    await page.goto("/ai_employees");
    samples.load.push(await page.evaluate(() => window.__benchAt));
    const table = page.getByTestId("ai-employees-table");

    // Sorting by revenue: click → the first row changes.
    const first = () => page.getByTestId("ai-employee-row").first().getAttribute("data-employee-id");
    const before = await first();
    await page.evaluate((id) => {
      window.__benchWhen(
        () => document.querySelector('[data-testid="ai-employee-row"]')?.getAttribute("data-employee-id") !== id,
      );
    }, before);
    await table.getByRole("button", { name: /Revenue won/ }).click();
    samples.sort.push(await page.evaluate(() => window.__benchAt));

    // A search: one keystroke that leaves a handful of the 1,000 (debounce included).
    await page.evaluate(() => window.__benchWhen(() => window.__rows() > 0 && window.__rows() <= 11));
    await page.getByRole("searchbox").fill("Bench Agent 012");
    samples.search.push(await page.evaluate(() => window.__benchAt));
    await page.getByRole("searchbox").fill("");
    await page.waitForFunction(() => window.__rows() >= 25);

    // The next page of 25.
    const top = await first();
    await page.evaluate((id) => {
      window.__benchWhen(
        () => document.querySelector('[data-testid="ai-employee-row"]')?.getAttribute("data-employee-id") !== id,
      );
    }, top);
    await page.getByRole("button", { name: /next/i }).first().click();
    samples.next.push(await page.evaluate(() => window.__benchAt));
    await page.close();
  }
  await context.close();
  return { employees: employees.length, samples };
}
