import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ana, apiGet, railDepartments, signIn, switchToNorthwind } from "./helpers.ts";

// /ai_employees, an employee's profile and the five department screens on the seeded demo data.
// Changes (hire, edit, deactivate) happen in Northwind Supply, where the demo user is the owner; the
// read-only journeys use Andes Comercial, the company selected after sign-in.

const MANAGER_ONLY = "Only an owner or an admin of this company can do this";
const UNKNOWN_ID = "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d";

type WireEmployee = {
  id: string;
  name: string;
  contact_points: { channel: string; address: string }[];
};
type WireOutcomes = {
  employees: { id: string; name: string; status: "active" | "inactive"; department: { id: string; name: string } }[];
  departments: { id: string; name: string; employees: number; active_employees: number }[];
};
type WireDepartment = { id: string; name: string; is_active: boolean };

/** A name no earlier run or test has used (the database lives for the whole run). */
const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const rowOf = (page: Page, id: string) => page.locator(`[data-testid="ai-employee-row"][data-employee-id="${id}"]`);
const rowNamed = (page: Page, name: string) =>
  page.getByTestId("ai-employee-row").filter({ has: page.getByRole("link", { name, exact: true }) });
const searchBox = (page: Page) => page.getByPlaceholder("Name or role");
const toast = (page: Page) => page.locator('[data-slot="toast"]');
/** The rail's status dot of a department (`AI {name}`). */
const railDot = (page: Page, department: string) =>
  railDepartments(page)
    .and(page.getByRole("link", { name: `AI ${department}`, exact: true }))
    .locator('[data-slot="status-dot"]');

async function openWorkforce(page: Page, { northwind = false } = {}) {
  await signIn(page);
  if (northwind) await switchToNorthwind(page);
  await page.goto("/ai_employees");
  await expect(page.getByRole("heading", { name: "AI employees", level: 1 })).toBeVisible();
  await expect(page.getByTestId("ai-employee-row").first()).toBeVisible();
}

/** A write to the API with the page's session and selected company, as the app makes it. */
async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session");
  const session = JSON.parse(decodeURIComponent(cookie?.value ?? "{}")) as { accessToken: string };
  const company = JSON.parse((await page.evaluate(() => localStorage.getItem("selectedCompany"))) ?? "{}") as {
    id: string;
  };
  const response = await page.request.post(path, {
    data: body,
    headers: {
      Authorization: `Bearer ${session.accessToken}`,
      "X-Company-ID": company.id,
      "X-Client-ID": "foreman-web",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test("an owner hires an AI employee and finds it in the table by searching", async ({ page }) => {
  await openWorkforce(page, { northwind: true });
  const name = unique("Hired Hana");
  await page.getByRole("button", { name: "Hire", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Hire an AI employee" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Role", { exact: true }).fill("Renewals specialist");
  await dialog.getByLabel("Department").selectOption({ label: "Sales" });
  await dialog.getByLabel("Languages").fill("en, es");
  await dialog.getByLabel("Persona").fill("Friendly and brief.");
  await dialog.getByRole("checkbox", { name: "Cancel an order" }).check();
  await dialog.getByRole("button", { name: "Add contact point" }).click();
  await dialog.getByLabel("Channel 1").selectOption("email");
  const address = `${name.replaceAll(" ", ".").toLowerCase()}@northwind.example`;
  await dialog.getByLabel("Address 1").fill(address);
  await dialog.getByLabel("Skills").fill("Product catalog");
  await dialog.getByRole("button", { name: "Hire", exact: true }).click();

  await expect(toast(page)).toContainText("Created successfully");
  await expect(dialog).toBeHidden();

  await searchBox(page).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId("ai-employee-row")).toHaveCount(1);
  const row = rowNamed(page, name);
  await expect(row).toContainText("Renewals specialist");
  await expect(row).toContainText("Sales");
  await expect(row.locator("[data-status]")).toHaveText("Active");

  // The server has it, with what was typed.
  const list = await apiGet<{ ai_employees: WireEmployee[] }>(page, "/app/ai_employees.json", { q: name });
  expect(list.ai_employees.map((e) => e.name)).toEqual([name]);
  expect(list.ai_employees[0]?.contact_points).toEqual([{ channel: "email", address }]);
});

test("hiring with a contact point another employee answers on fails and keeps what was typed", async ({ page }) => {
  await openWorkforce(page, { northwind: true });
  const list = await apiGet<{ ai_employees: WireEmployee[] }>(page, "/app/ai_employees.json", { per_page: "100" });
  const owner = list.ai_employees.find((e) => e.contact_points.length > 0);
  expect(owner, "a seeded employee with a contact point").toBeTruthy();
  const taken = owner?.contact_points[0] ?? { channel: "", address: "" };

  const name = unique("Twin Tess");
  await page.getByRole("button", { name: "Hire", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Hire an AI employee" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Role", { exact: true }).fill("Shadow agent");
  await dialog.getByLabel("Department").selectOption({ label: "Support" });
  await dialog.getByRole("button", { name: "Add contact point" }).click();
  await dialog.getByLabel("Channel 1").selectOption(taken.channel);
  await dialog.getByLabel("Address 1").fill(taken.address);
  await dialog.getByRole("button", { name: "Hire", exact: true }).click();

  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("AI employee could not be created");
  await expect(alert).toContainText(taken.address);
  await expect(alert).toContainText(owner?.name ?? "");
  // Still open, with everything typed.
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel("Role", { exact: true })).toHaveValue("Shadow agent");
  await expect(dialog.getByLabel("Channel 1")).toHaveValue(taken.channel);
  await expect(dialog.getByLabel("Address 1")).toHaveValue(taken.address);
  await expect(toast(page).filter({ hasText: "Created successfully" })).toHaveCount(0);

  // And nothing was hired.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await searchBox(page).fill(name);
  await expect(page.getByRole("heading", { name: "No AI employees match" })).toBeVisible();
});

test("an owner edits an employee's role from the row menu and the table keeps it after a reload", async ({ page }) => {
  await signIn(page);
  await switchToNorthwind(page);
  // Its own employee, so no other journey sees the change.
  const departments = await apiGet<WireDepartment[]>(page, "/app/ai_departments.json");
  const support = departments.find((d) => d.name === "Support");
  expect(support, "Northwind's Support department").toBeTruthy();
  const name = unique("Edited Eli");
  const hired = await apiPost<{ id: string }>(page, "/app/ai_employees.json", {
    name,
    role: "Junior agent",
    department_id: support?.id,
  });

  await page.goto(`/ai_employees?q=${encodeURIComponent(name)}`);
  const row = rowOf(page, hired.id);
  await expect(row).toContainText("Junior agent");
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit employee" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]edit=${hired.id}`));

  const dialog = page.getByRole("dialog", { name: "Edit AI employee" });
  const role = dialog.getByLabel("Role", { exact: true });
  await expect(role).toHaveValue("Junior agent");
  await role.fill("Senior support agent");
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(toast(page)).toContainText("Saved");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/edit=/);
  await expect(row).toContainText("Senior support agent");
  await expect(row).not.toContainText("Junior agent");

  await page.reload();
  await expect(rowOf(page, hired.id)).toContainText("Senior support agent");
});

test("deactivating a department's only active employee turns the rail's dot grey, and activating brings it back", async ({
  page,
}) => {
  await openWorkforce(page, { northwind: true });
  const outcomes = await apiGet<WireOutcomes>(page, "/app/ai_employees/outcomes.json");
  // A department that one active employee keeps active (Analytics in the seed).
  const department = outcomes.departments.find((d) => d.active_employees === 1);
  expect(department, "a department with exactly one active employee").toBeTruthy();
  const employee = outcomes.employees.find(
    (e) => e.department.id === department?.id && e.status === "active",
  ) as WireOutcomes["employees"][number];
  const dot = railDot(page, department?.name ?? "");
  await expect(dot).toHaveAttribute("data-status", "active");

  await searchBox(page).fill(employee.name);
  const row = rowOf(page, employee.id);
  await expect(row.locator("[data-status]")).toHaveText("Active");
  await row.getByRole("button", { name: `Actions for ${employee.name}` }).click();
  await page.getByRole("menuitem", { name: "Deactivate" }).click();

  const confirm = page.getByRole("dialog", { name: `Deactivate ${employee.name}?` });
  await expect(confirm).toContainText("It stops answering customers");
  await expect(confirm).toContainText("its open conversations wait for a human");
  // Asking first: nothing has changed yet.
  await expect(row.locator("[data-status]")).toHaveText("Active");
  await confirm.getByRole("button", { name: "Deactivate" }).click();

  await expect(confirm).toBeHidden();
  await expect(toast(page)).toContainText(`${employee.name} deactivated`);
  await expect(row.locator("[data-status]")).toHaveText("Inactive");
  // The rail follows without a reload.
  await expect(dot).toHaveAttribute("data-status", "inactive");
  const after = await apiGet<WireDepartment[]>(page, "/app/ai_departments.json");
  expect(after.find((d) => d.id === department?.id)?.is_active).toBe(false);

  // Activating asks nothing.
  await row.getByRole("button", { name: `Actions for ${employee.name}` }).click();
  await page.getByRole("menuitem", { name: "Activate" }).click();
  await expect(row.locator("[data-status]")).toHaveText("Active");
  await expect(dot).toHaveAttribute("data-status", "active");
});

test("opening an employee's profile shows its figures, skills, contacts, outcomes and activity", async ({ page }) => {
  await openWorkforce(page);
  const outcomes = await apiGet<WireOutcomes>(page, "/app/ai_employees/outcomes.json");
  const list = await apiGet<{ ai_employees: WireEmployee[] }>(page, "/app/ai_employees.json", { per_page: "100" });
  const chosen = list.ai_employees.find((e) => e.contact_points.length > 0) as WireEmployee;
  expect(chosen, "an employee with a contact point").toBeTruthy();
  expect(outcomes.employees.some((e) => e.id === chosen.id)).toBe(true);

  // The profile's data arrives slowly, so the search typed just before the click finishes its pause
  // while the profile loads: it must not pull the user back to the list (it once did).
  await page.route(`**/app/ai_employees/${chosen.id}.json`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await searchBox(page).fill(chosen.name);
  await rowOf(page, chosen.id).getByRole("link", { name: chosen.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ai_employees/${chosen.id}$`));
  await expect(page.getByRole("heading", { name: chosen.name, level: 1 })).toBeVisible();

  const card = page.getByTestId("ai-employee-profile");
  await expect(card.getByTestId("profile-revenue")).toHaveText(/\d/);
  await expect(card.getByTestId("profile-quotes")).toHaveText(/^\d[\d,.]*$/);
  await expect(card.getByTestId("profile-skills").getByRole("listitem").first()).toBeVisible();
  await expect(card.getByTestId("profile-contacts")).toContainText(chosen.contact_points[0]?.address ?? "");

  const cards = page.getByRole("region", { name: `${chosen.name}'s outcomes` }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  const activity = page.getByTestId("employee-activity");
  await expect(activity.getByRole("heading", { name: "Recent activity" })).toBeVisible();
  // Hired a year ago by the seed: at least that.
  await expect(activity.getByTestId("activity-row").first()).toBeVisible();

  const frames = page.getByRole("group", { name: "Time frame" });
  await frames.getByRole("button", { name: "Today" }).click();
  await expect(page).toHaveURL(/[?&]timeFrame=daily\b/);
  await expect(frames.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByTestId("profile-revenue")).toHaveText(/\d/);
  await frames.getByRole("button", { name: "Week" }).click();
  await expect(page).toHaveURL(/[?&]timeFrame=weekly\b/);
  await expect(frames.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/ai_employees/${UNKNOWN_ID}`);
  await expect(page.getByRole("heading", { name: "AI employee not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to AI employees" }).click();
  await expect(page).toHaveURL(/\/ai_employees$/);
  await expect(page.getByRole("heading", { name: "AI employees", level: 1 })).toBeVisible();
});

test("a member sees Hire and Import disabled with the reason, and can still export", async ({ page }) => {
  await signIn(page, ana);
  await page.goto("/ai_employees");
  await expect(page.getByTestId("ai-employee-row").first()).toBeVisible();

  const hire = page.getByRole("button", { name: "Hire", exact: true });
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(hire).toBeDisabled();
  await expect(importButton).toBeDisabled();
  await expect(page.getByRole("button", { name: "Export", exact: true })).toBeEnabled();

  const hireWrapper = page.getByTestId("manager-only").filter({ has: hire });
  await hireWrapper.focus();
  await expect(page.getByRole("tooltip")).toHaveText(MANAGER_ONLY);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.getByTestId("manager-only").filter({ has: importButton }).hover();
  await expect(page.getByRole("tooltip")).toHaveText(MANAGER_ONLY);

  // The row menu says the same and lets nothing change.
  const first = page.getByTestId("ai-employee-row").first();
  await first.getByRole("button", { name: /^Actions for / }).click();
  await expect(page.getByRole("menuitem", { name: "Edit employee" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("menu")).toContainText(MANAGER_ONLY);
});

test("each department screen shows its heading, figures, employees and work", async ({ page }) => {
  await signIn(page);
  // Andes Comercial names its departments in Spanish; the paths are the kinds'.
  const screens = [
    { path: "/sales", kind: "sales", name: "Ventas", cards: 6, work: "open-leads" },
    { path: "/support", kind: "support", name: "Soporte", cards: 6, work: "open-conversations" },
    { path: "/collections", kind: "collections", name: "Cobranza", cards: 4, work: "unpaid-orders" },
    { path: "/retention", kind: "retention", name: "Retención", cards: 4, work: "lapsed-customers" },
    { path: "/analytics", kind: "analytics", name: "Analítica", cards: 0, work: "department-comparison" },
  ];
  for (const screen of screens) {
    await page.getByRole("link", { name: `AI ${screen.name}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    const body = page.getByTestId("department-screen");
    await expect(body).toHaveAttribute("data-kind", screen.kind);
    await expect(body.getByRole("heading", { name: `AI ${screen.name}`, level: 1 })).toBeVisible();
    await expect(body.getByTestId("department-headcount")).toHaveText(/^\d+ active of \d+ AI employees?$/);
    if (screen.cards > 0) {
      const figures = body.getByRole("region", { name: `AI ${screen.name} outcomes` }).getByRole("listitem");
      await expect(figures).toHaveCount(screen.cards);
      await expect(figures.first()).toHaveText(/\d/);
    }
    await expect(body.getByTestId("department-employees").getByTestId("employee-row").first()).toBeVisible();
    await expect(body.getByTestId("department-work").getByTestId(screen.work)).toBeVisible();
  }

  // Analytics (the last one) compares every department side by side.
  await expect(page.getByTestId("department-comparison").getByTestId("department-row")).toHaveCount(5);

  await page.getByRole("link", { name: "AI Ventas", exact: true }).click();
  await expect(page.getByTestId("open-leads").getByTestId("lead-row").first()).toBeVisible();

  await page.getByRole("link", { name: "AI Cobranza", exact: true }).click();
  const unpaid = page.getByTestId("unpaid-orders");
  await expect(unpaid.getByTestId("outstanding")).toHaveText(/outstanding across \d+ orders?$/);
  const firstUnpaid = unpaid.getByTestId("unpaid-order-row").first();
  await expect(firstUnpaid).toBeVisible();
  await expect(firstUnpaid.getByTestId("order-age")).toHaveText(/^[\d,]+ days?$/);
});

test("Export downloads the workforce as CSV with the column header first", async ({ page }) => {
  await openWorkforce(page);
  const list = await apiGet<{ total: number }>(page, "/app/ai_employees.json");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("ai-employees.csv");
  const text = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
  const lines = text.split("\r\n").filter((line) => line !== "");
  expect(lines[0]).toBe(
    "name,role,department,status,languages,persona,instructions,max_discount_percent,max_order_total,actions_requiring_human,contact_points,skills",
  );
  // One line per employee (no field of the seed spans lines).
  expect(lines).toHaveLength(list.total + 1);
});

/** Serious or critical axe violations on the page at `path` once `testId` is on screen. */
async function expectAccessible(page: Page, path: string, testId: string) {
  await page.goto(path);
  await expect(page.getByTestId(testId).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `${path}: ${JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]))}`).toEqual([]);
}

test("the AI employees table and a profile have no serious accessibility problems", async ({ page }) => {
  // axe reads every node of these long pages: on a busy 2-core machine that takes its time.
  test.slow();
  await signIn(page);
  const { employees } = await apiGet<WireOutcomes>(page, "/app/ai_employees/outcomes.json");
  await expectAccessible(page, "/ai_employees", "ai-employees-table");
  await expectAccessible(page, `/ai_employees/${employees[0]!.id}`, "ai-employee-profile");
});

test("the department screens have no serious accessibility problems", async ({ page }) => {
  test.slow();
  await signIn(page);
  await expectAccessible(page, "/sales", "department-work");
  await expectAccessible(page, "/collections", "department-work");
  await expectAccessible(page, "/analytics", "department-employees");
});
