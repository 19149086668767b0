import { type AiEmployeesSearch, MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { stubFormDataAsJson } from "#web/test/stub-form-data.ts";
import { AiEmployeesPage } from "./ai-employees-page.tsx";

const api = signedInLocalApi();
const COMPANY = "company-9";

// As the server sends them: snake_case.
const figures = (revenueCents: number, orders: number, medianFirstReplySeconds: number | null = 90) => ({
  revenue_cents: revenueCents,
  quotes: orders + 2,
  orders,
  won: Math.floor(orders / 2),
  leads: 10,
  leads_won: 4,
  conversations: 30,
  action_items_raised: 3,
  action_items_open: 1,
  median_first_reply_seconds: medianFirstReplySeconds,
});

const employee = (id: string, name: string, role: string, revenueCents: number, extra: object = {}) => ({
  id,
  name,
  role,
  status: "active",
  avatar_url: null,
  department: { id: "dep-sales", name: "Sales" },
  created_at: "2026-03-05T10:00:00Z",
  present: figures(revenueCents, 7),
  past: figures(0, 0, null),
  ...extra,
});

const WORKFORCE = {
  currency: "USD",
  period: {
    frame: "monthly",
    start: "2026-05-01T00:00:00Z",
    end: "2026-05-31T00:00:00Z",
    previous_start: "2026-04-01T00:00:00Z",
  },
  employees: [
    employee("emp-1", "Sofía Reyes", "Sales closer", 1_250_000),
    employee("emp-2", "Marco Bellini", "Support agent", 9_900_000, {
      department: { id: "dep-support", name: "Support" },
    }),
    employee("emp-3", "Ana Lima", "Collections specialist", 400_000, { status: "inactive" }),
  ],
  departments: [],
};

function serve() {
  api.routes["GET /app/ai_employees/outcomes.json"] = (_req, res) => sendJson(res, 200, WORKFORCE);
}

/** The page with its search held in state, as the route holds it in the address. */
function Harness({ initial, canManage }: { initial: AiEmployeesSearch; canManage: boolean }) {
  const [search, setSearch] = useState(initial);
  return (
    <AiEmployeesPage
      search={search}
      onSearch={(patch) => setSearch((prev) => ({ ...prev, ...patch }))}
      canManage={canManage}
      departments={[{ id: "dep-sales", name: "Sales" }]}
      language="en"
    />
  );
}

function renderPage({ canManage = true, initial = { timeFrame: "monthly" } as AiEmployeesSearch } = {}) {
  return renderInCompany(<Harness initial={initial} canManage={canManage} />, {
    companyId: COMPANY,
    path: "/ai_employees",
  });
}

const rowNames = () =>
  screen.getAllByTestId("ai-employee-row").map((row) => within(row).getAllByRole("link")[0]?.textContent);

describe("AI employees", () => {
  it("shows each employee with its department, status and figures, by name", async () => {
    serve();
    renderPage();
    const rows = await screen.findAllByTestId("ai-employee-row");
    expect(api.requests.find((r) => r.path.startsWith("/app/ai_employees/outcomes.json"))?.path).toBe(
      "/app/ai_employees/outcomes.json?relative_date=monthly",
    );
    expect(rowNames()).toEqual(["Ana Lima", "Marco Bellini", "Sofía Reyes"]);
    const sofia = rows.find((row) => row.dataset.employeeId === "emp-1")!;
    expect(within(sofia).getByRole("link", { name: "Sofía Reyes" })).toHaveAttribute("href", "/ai_employees/emp-1");
    expect(sofia).toHaveTextContent("Sales closer");
    expect(sofia).toHaveTextContent("March 5, 2026");
    expect(sofia).toHaveTextContent("$12,500");
    expect(sofia).toHaveTextContent("40%");
    expect(within(rows[0]!).getByText("Inactive")).toBeInTheDocument();
    expect(screen.getByTestId("ai-employees-count")).toHaveTextContent("Page 1 of 1 · 3 employees");
    expect(screen.getByRole("columnheader", { name: "Employee" })).toHaveAttribute("aria-sort", "ascending");
  });

  it("searches names and roles as you type", async () => {
    serve();
    renderPage();
    await screen.findAllByTestId("ai-employee-row");
    await userEvent.type(screen.getByLabelText("Search"), "support");
    await waitFor(() => expect(rowNames()).toEqual(["Marco Bellini"]));
    await userEvent.clear(screen.getByLabelText("Search"));
    await userEvent.type(screen.getByLabelText("Search"), "nobody");
    expect(await screen.findByText("No AI employees match")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(screen.getAllByTestId("ai-employee-row")).toHaveLength(3));
    expect(screen.getByLabelText("Search")).toHaveValue("");
  });

  it("sorts by revenue, highest first, then flips", async () => {
    serve();
    renderPage();
    await screen.findAllByTestId("ai-employee-row");
    await userEvent.click(screen.getByRole("button", { name: "Revenue won" }));
    expect(rowNames()).toEqual(["Marco Bellini", "Sofía Reyes", "Ana Lima"]);
    expect(screen.getByRole("columnheader", { name: "Revenue won" })).toHaveAttribute("aria-sort", "descending");
    await userEvent.click(screen.getByRole("button", { name: "Revenue won" }));
    expect(rowNames()).toEqual(["Ana Lima", "Sofía Reyes", "Marco Bellini"]);
  });

  it("opens the hire form from a link (?hire=true) and takes it out of the address when closed", async () => {
    serve();
    renderPage({ initial: { timeFrame: "monthly", hire: true } });
    const dialog = await screen.findByRole("dialog", { name: "Hire an AI employee" }, overlayKitWait);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("does not open the hire form from a link for a member", async () => {
    serve();
    renderPage({ canManage: false, initial: { timeFrame: "monthly", hire: true } });
    await screen.findAllByTestId("ai-employee-row");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a member Import and Hire disabled with the reason, Export enabled", async () => {
    serve();
    renderPage({ canManage: false });
    await screen.findAllByTestId("ai-employee-row");
    expect(screen.getByRole("button", { name: "Hire" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Export" })).toBeEnabled();
    const wrappers = screen.getAllByTestId("manager-only");
    wrappers[wrappers.length - 1]!.focus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(MANAGER_ROLE_REQUIRED);
  });

  it("previews an import and lists the lines the server refused", async () => {
    serve();
    api.routes["POST /app/ai_employees/import.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "The file has problems; nothing was imported",
        details: [
          { line: 3, column: "department", message: "No department named Marketing" },
          { line: 4, column: "languages", message: "Item 1: Must be a two-letter language code like en or es" },
        ],
      });
    stubFormDataAsJson();
    renderPage();
    await screen.findAllByTestId("ai-employee-row");
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog");
    const csv = [
      "name,role,department",
      "Lia,Closer,Sales",
      "Tom,Agent,Marketing",
      "Eva,Agent,Sales",
      "Max,Agent,Sales",
      "Zoe,Agent,Sales",
      "Kai,Agent,Sales",
      "",
    ].join("\r\n");
    await userEvent.upload(
      within(dialog).getByLabelText("CSV file"),
      new File([csv], "team.csv", { type: "text/csv" }),
    );
    const preview = await within(dialog).findByRole("table", { name: "Preview of the file" });
    // The first five data rows, of six.
    expect(within(preview).getAllByRole("row")).toHaveLength(6);
    expect(preview).toHaveTextContent("Tom");
    expect(preview).not.toHaveTextContent("Kai");

    await userEvent.click(within(dialog).getByRole("button", { name: "Import 6 employees" }));
    const problems = await within(dialog).findByRole("list", { name: "Problems in the file" });
    expect(
      within(problems)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Line 3, department: No department named Marketing",
      "Line 4, languages: Item 1: Must be a two-letter language code like en or es",
    ]);
    expect(dialog).toHaveTextContent("Nothing was imported");
    const sent = api.requests.find((r) => r.path === "/app/ai_employees/import.json");
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({ file: "team.csv" });
  });
});
