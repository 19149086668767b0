import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { apiGet, sessionHeaders, signIn, switchToNorthwind } from "./helpers.ts";

// The training centre in the browser: a file uploaded to the knowledge base goes to
// "Indexed" live, the test box finds the passage it holds, and a skill taken from an AI employee takes
// its tool out of the playground's next run. Everything happens in Northwind Supply, where the demo
// user is the owner; what a test adds or takes away is put back, since the server is shared.

type WireSkill = {
  id: string;
  name: string;
  tools: string[];
  ai_employees: { id: string; name: string; department_name: string }[];
};
type WireEmployee = { id: string; name: string; status: string };
type WireEntry = { id: string; title: string; status: string };

/** A made-up word no document holds, so the passage that has it can only be this run's. */
const madeUpWord = () =>
  `Zephyr${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

/** Removes a knowledge entry through the API; one already gone (deleted in the UI) is fine. */
async function deleteEntry(page: Page, id: string) {
  const response = await page.request.delete(`/app/knowledge_base_entries/${id}.json`, {
    headers: await sessionHeaders(page),
  });
  expect([204, 404], await response.text()).toContain(response.status());
}

/** A small Markdown file stating one fact about a loading dock only this test knows of. */
function dockFile(word: string) {
  const name = `${word.toLowerCase()}-dock-hours.md`;
  const text = [
    `# Weekend hours of the ${word} dock`,
    "",
    `The ${word} loading dock opens at 6:45 on Saturdays and closes at noon.`,
    "Drivers check in at gate 3 and must bring the delivery note printed.",
    "",
  ].join("\n");
  return { name, title: name.replace(/\.md$/, ""), mimeType: "text/markdown", buffer: Buffer.from(text) };
}

type Marked = Window & { e2eSameDocument?: boolean };
/** Marks the document: a reload would lose the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as Marked).e2eSameDocument = true;
  });
const sameDocument = (page: Page) => page.evaluate(() => (window as Marked).e2eSameDocument === true);

const knowledgeRow = (page: Page, title: string) => page.getByTestId("knowledge-row").filter({ hasText: title });

/** The knowledge base tab, signed in, with Northwind Supply selected. */
async function openKnowledge(page: Page) {
  await page.goto("/training?tab=knowledge");
  await expect(page.getByRole("heading", { name: "Knowledge base", level: 2 })).toBeVisible();
  // The seed's documents: the list has loaded.
  await expect(page.getByTestId("knowledge-row").first()).toBeVisible();
}

test("a file uploaded to the knowledge base reaches Indexed, live in another tab too", async ({ page }) => {
  await signIn(page);
  await switchToNorthwind(page);
  // A second tab on the knowledge base, left alone: only the live event stream can bring the new row
  // there and move it to "Indexed" (its own screen makes no request of its own after loading).
  const other = await page.context().newPage();
  const streamOpen = other.waitForResponse((r) => r.url().includes("/app/events"));
  await openKnowledge(other);
  expect((await streamOpen).status()).toBe(200);
  await markDocument(other);
  await openKnowledge(page);
  const file = dockFile(madeUpWord());

  let entryId: string | null = null;
  try {
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith("/app/knowledge_base_entries.json"),
    );
    await page.getByLabel("File to add to the knowledge base").setInputFiles(file);
    const response = await uploaded;
    expect(response.status(), await response.text()).toBe(201);
    entryId = ((await response.json()) as WireEntry).id;

    const row = knowledgeRow(page, file.title);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-entry-id", entryId);
    await expect(row).toContainText(file.name);
    await expect(row.getByTestId("knowledge-status")).toHaveText("Indexed");
    await expect(row.getByRole("progressbar")).toHaveCount(0);

    const elsewhere = knowledgeRow(other, file.title);
    await expect(elsewhere).toHaveAttribute("data-entry-id", entryId);
    await expect(elsewhere.getByTestId("knowledge-status")).toHaveText("Indexed");
    expect(await sameDocument(other), "the other tab was not reloaded").toBe(true);
    await other.close();

    // Deleting it from its row takes it off the list.
    await row.getByRole("button", { name: `Delete ${file.title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${file.title}?` });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
  } finally {
    if (entryId) await deleteEntry(page, entryId);
  }
});

test("the test box lists the passage of a file dropped on the knowledge base first", async ({ page }) => {
  await signIn(page);
  await switchToNorthwind(page);
  await openKnowledge(page);
  const word = madeUpWord();
  const file = dockFile(word);

  let entryId: string | null = null;
  try {
    // Dropped on the drop zone, as from the desktop.
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith("/app/knowledge_base_entries.json"),
    );
    const dataTransfer = await page.evaluateHandle(
      ({ name, mimeType, text }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], name, { type: mimeType }));
        return transfer;
      },
      { name: file.name, mimeType: file.mimeType, text: file.buffer.toString("utf8") },
    );
    await page.getByTestId("knowledge-drop-zone").dispatchEvent("drop", { dataTransfer });
    const response = await uploaded;
    expect(response.status(), await response.text()).toBe(201);
    entryId = ((await response.json()) as WireEntry).id;
    await expect(knowledgeRow(page, file.title).getByTestId("knowledge-status")).toHaveText("Indexed");

    // Asked as a customer would, in other words than the file's.
    const tester = page.getByRole("region", { name: "Test a question" });
    await tester.getByLabel("Question").fill(`What time does the ${word} dock open on a Saturday?`);
    const searched = page.waitForResponse((r) => r.url().endsWith("/app/knowledge_base/search.json"));
    await tester.getByRole("button", { name: "Search" }).click();
    expect((await searched).status()).toBe(200);
    const passages = tester.getByRole("list", { name: "Matching passages" }).getByTestId("knowledge-passage");
    await expect(passages.first()).toContainText(`1.${file.title}`);
    await expect(passages.first()).toContainText(`The ${word} loading dock opens at 6:45 on Saturdays`);
  } finally {
    if (entryId) await deleteEntry(page, entryId);
  }
});

test("a skill taken from an AI employee takes its tool out of the playground's next run", async ({ page }) => {
  // Two playground runs and a trip to the training centre between them.
  test.slow();
  await signIn(page);
  await switchToNorthwind(page);
  const { skills } = await apiGet<{ skills: WireSkill[] }>(page, "/app/skills.json");
  const tracking = skills.find((skill) => skill.name === "Order tracking");
  expect(tracking?.tools, "the standard Order tracking skill").toEqual(["find_orders"]);
  const { ai_employees: active } = await apiGet<{ ai_employees: WireEmployee[] }>(page, "/app/ai_employees.json", {
    employee_status: "active",
    per_page: "100",
  });
  const activeIds = new Set(active.map((employee) => employee.id));
  const seller = tracking!.ai_employees
    .filter((employee) => employee.department_name === "Sales" && activeIds.has(employee.id))
    .sort((a, b) => a.name.localeCompare(b.name))
    .at(-1);
  expect(seller, "an active Northwind sales employee with Order tracking").toBeTruthy();
  const holderPath = `/app/skills/${tracking!.id}/ai_employees/${seller!.id}.json`;
  const headers = await sessionHeaders(page);
  // The questions the playground raised for staff, answered at the end so no test item stays open.
  const raised: string[] = [];

  /** Asks the playground on the employee's profile; answers the trace of the reply, opened. */
  async function askPlayground(content: string) {
    await page.goto(`/ai_employees/${seller!.id}`);
    await page.getByRole("button", { name: "Try it" }).click();
    const sheet = page.getByRole("dialog");
    const box = sheet.getByRole("textbox", { name: "Test message" });
    await box.fill(content);
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith(`/app/ai_employees/${seller!.id}/playground.json`),
    );
    await box.press("Enter");
    const answer = (await (await answered).json()) as {
      run: { steps: { kind: string; action_item_id?: string }[] } | null;
    };
    for (const step of answer.run?.steps ?? []) if (step.action_item_id) raised.push(step.action_item_id);
    await expect(sheet.getByTestId("playground-reply")).toHaveCount(1);
    await sheet.getByRole("button", { name: /Trace/ }).click();
    const trace = sheet.getByTestId("agent-trace");
    await expect(trace).toBeVisible();
    return trace;
  }

  try {
    // With the skill: the order is looked up.
    let trace = await askPlayground("Where is my order 1001?");
    let steps = trace.getByTestId("trace-step");
    await expect(steps.first()).toHaveAttribute("data-kind", "tools");
    await expect(steps.first().getByTestId("trace-tools")).toContainText("find_orders");
    await expect(trace.locator('[data-testid="trace-step"][data-kind="tool_call"]').first()).toContainText(
      "find_orders",
    );

    // Taken away in the training centre's matrix.
    await page.goto("/training?tab=skills");
    const matrix = page.getByRole("table", { name: "Skills by AI employee" });
    await expect(matrix).toBeVisible();
    const find = page.getByLabel("Find an AI employee");
    if (await find.isVisible()) await find.fill(seller!.name);
    const cell = matrix.getByRole("checkbox", { name: `Order tracking for ${seller!.name}`, exact: true });
    await expect(cell).toBeChecked();
    const taken = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().endsWith(holderPath));
    await cell.uncheck();
    expect((await taken).status()).toBe(200);
    await expect(cell).not.toBeChecked();
    await expect(cell).toBeEnabled();

    // Without it: find_orders is not granted, and the built-in engine asks staff instead.
    trace = await askPlayground("Where is my order 1001? It was due yesterday.");
    steps = trace.getByTestId("trace-step");
    await expect(steps.first()).toHaveAttribute("data-kind", "tools");
    await expect(steps.first().getByTestId("trace-withheld-tools")).toContainText(/^Not granted:.*find_orders/);
    await expect(steps.first().getByTestId("trace-tools")).not.toContainText("find_orders");
    const calls = trace.locator('[data-testid="trace-step"][data-kind="tool_call"]');
    await expect(calls).toHaveCount(1);
    await expect(calls.first()).toContainText("ask_human");
    await expect(trace.locator('[data-testid="trace-step"][data-kind="wait"]')).toHaveCount(1);
    expect(raised.length, "the question raised for staff").toBeGreaterThan(0);

    // Given back the same way.
    await page.goto("/training?tab=skills");
    await expect(matrix).toBeVisible();
    if (await find.isVisible()) await find.fill(seller!.name);
    await expect(cell).not.toBeChecked();
    const given = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(holderPath));
    await cell.check();
    expect((await given).status()).toBe(200);
    await expect(cell).toBeChecked();
  } finally {
    // Whatever happened above, the employee has the skill again (PUT is idempotent).
    const restored = await page.request.put(holderPath, { headers });
    expect(restored.status(), await restored.text()).toBe(200);
    for (const id of raised) {
      const answered = await page.request.post(`/app/tasks/${id}/resolution.json`, {
        headers,
        data: { answer: "Answered by the training centre's end-to-end test." },
      });
      expect([200, 409], await answered.text()).toContain(answered.status());
    }
  }
});

test("the knowledge base and skills tabs have no serious accessibility problems", async ({ page }) => {
  // axe reads every node of the matrix and the documents' rows: on a busy 2-core machine that takes its time.
  test.slow();
  await signIn(page);
  await switchToNorthwind(page);
  for (const [path, ready] of [
    ["/training?tab=knowledge", page.getByTestId("knowledge-row").first()],
    ["/training?tab=skills", page.getByRole("table", { name: "Skills by AI employee" })],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious, `${path}: ${JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]))}`).toEqual([]);
  }
});
