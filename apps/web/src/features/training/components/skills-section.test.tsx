import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { getToasts } from "#web/lib/toast-store.ts";
import { MATEO, SOFIA, serveAiEmployees } from "#web/test/fixtures/ai-employees.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { SkillsSection } from "./skills-section.tsx";

const api = signedInLocalApi();
const COMPANY = "3f1c2a9e-0000-4000-8000-000000000009";

// As the server sends them: snake_case.
const skill = (id: string, name: string, tools: string[], holders: string[]) => ({
  id,
  name,
  description: `${name} for everyone`,
  tools,
  ai_employees: holders.map((holder) => ({
    id: holder,
    name: holder === SOFIA ? "Sofía Reyes" : "Mateo Díaz",
    department_name: holder === SOFIA ? "Sales" : "Support",
  })),
  created_at: "2026-03-05T10:00:00Z",
});

const SKILLS = [
  skill("s1", "Order tracking", ["find_orders"], [SOFIA, MATEO]),
  skill("s2", "Quoting", ["upsert_quote", "send_quote", "confirm_order"], [SOFIA]),
  skill("s3", "Small talk", [], []),
];

function serve(skills = SKILLS) {
  api.routes["GET /app/skills.json"] = (_req, res) => sendJson(res, 200, { skills });
  serveAiEmployees(api);
}

function renderSkills({ canManage = true } = {}) {
  return renderInCompany(<SkillsSection canManage={canManage} />, { companyId: COMPANY, path: "/training?tab=skills" });
}

beforeEach(() => {
  setSelectedCompany({ id: COMPANY, name: "Northwind Supply" });
});

describe("skills", () => {
  it("lists each skill with the tools it grants and how many employees have it", async () => {
    serve();
    renderSkills();
    const cards = await screen.findAllByTestId("skill-card");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Order tracking",
      "Quoting",
      "Small talk",
    ]);
    expect(cards[0]).toHaveTextContent("Given to 2 employees");
    expect(cards[2]).toHaveTextContent("Given to no one yet");
    expect(within(cards[1]!).getByRole("list", { name: "Tools Quoting grants" })).toHaveTextContent(
      "Build quotesSend quotesConfirm orders",
    );
    expect(cards[2]).toHaveTextContent("Grants no tools");
  });

  it("shows who has which skill and the tools that leaves each employee", async () => {
    serve();
    renderSkills();
    const rows = await screen.findAllByTestId("skill-matrix-row");
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Mateo DíazSupport",
      "Sofía ReyesSales",
    ]);
    expect(screen.getByRole("checkbox", { name: "Order tracking for Mateo Díaz" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Quoting for Mateo Díaz" })).not.toBeChecked();
    // Mateo: find_orders and ask_human; Sofía: those and the three quote tools.
    expect(rows[0]).toHaveTextContent("2 of 12");
    expect(rows[1]).toHaveTextContent("5 of 12");
  });

  it("takes a skill from an employee with one request, and says so when the server refuses", async () => {
    serve();
    api.routes[`DELETE /app/skills/s1/ai_employees/${MATEO}.json`] = (_req, res) =>
      sendJson(res, 200, skill("s1", "Order tracking", ["find_orders"], [SOFIA]));
    const user = userEvent.setup();
    renderSkills();
    const box = await screen.findByRole("checkbox", { name: "Order tracking for Mateo Díaz" });
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    await waitFor(() => expect(box).toBeEnabled());
    expect(api.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/app/skills/s1/ai_employees/${MATEO}.json`,
    ]);
    expect(screen.getAllByTestId("skill-matrix-row")[0]).toHaveTextContent("1 of 12");

    api.routes[`PUT /app/skills/s2/ai_employees/${MATEO}.json`] = (_req, res) =>
      sendJson(res, 403, { error: "forbidden", error_description: "Only owners and admins can do this" });
    const quoting = screen.getByRole("checkbox", { name: "Quoting for Mateo Díaz" });
    await user.click(quoting);
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain("Mateo Díaz could not be given Quoting"));
    await waitFor(() => expect(quoting).not.toBeChecked());
  });

  it("lets a member look but not change", async () => {
    serve();
    renderSkills({ canManage: false });
    expect(await screen.findByRole("checkbox", { name: "Quoting for Sofía Reyes" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add skill" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete Quoting" })).toBeDisabled();
  });

  it("adds a skill with the tools chosen, and shows a taken name on the field", async () => {
    serve();
    api.routes["POST /app/skills.json"] = (_req, res) =>
      sendJson(res, 409, {
        error: "name_taken",
        error_description: "There is already a skill named Quoting",
        details: [{ field: "name", message: "Another skill has this name" }],
      });
    const user = userEvent.setup();
    renderSkills();
    await user.click(await screen.findByRole("button", { name: "Add skill" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Add skill" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Name"), "quoting");
    await user.click(within(dialog).getByRole("checkbox", { name: /Hand off/ }));
    await user.click(within(dialog).getByRole("checkbox", { name: /Look up orders/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add skill" }));
    expect(await within(dialog).findByText("Another skill has this name")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "quoting",
      description: "",
      tools: ["hand_off", "find_orders"],
    });
  });
});
