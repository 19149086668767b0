import { GETTING_STARTED_STEPS } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SOFIA, serveAiEmployees } from "#web/test/fixtures/ai-employees.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { GettingStarted } from "./getting-started.tsx";

const api = signedInLocalApi();
const COMPANY = "3f1c2a9e-0000-4000-8000-000000000026";

/** The checklist as the server sends it (snake_case), with these steps done. */
function checklist(done: readonly string[], dismissed = false) {
  return {
    steps: GETTING_STARTED_STEPS.map((key) => ({ key, done: done.includes(key) })),
    completed_count: done.length,
    total: GETTING_STARTED_STEPS.length,
    dismissed,
  };
}

function serve(body: ReturnType<typeof checklist>) {
  api.routes["GET /app/getting_started.json"] = (_req, res) => sendJson(res, 200, body);
  serveAiEmployees(api, [SOFIA]);
}

const renderChecklist = (canManage = true) =>
  renderInCompany(<GettingStarted role={canManage ? "owner" : "member"} />, { companyId: COMPANY, path: "/dashboard" });
const rowOf = (key: string) => document.querySelector(`[data-step="${key}"]`) as HTMLElement;

describe("GettingStarted", () => {
  it("shows each step with its state, the progress and a link to where it is done", async () => {
    serve(checklist(["hire_employee", "add_products"]));
    renderChecklist();

    const card = await screen.findByRole("region", { name: "Get started with Foreman" });
    expect(within(card).getByText(/2 of 6 done/)).toBeInTheDocument();
    expect(within(card).getByRole("progressbar", { name: "Getting started" })).toHaveAttribute("aria-valuenow", "2");
    expect(within(card).getAllByRole("listitem")).toHaveLength(6);

    // Done steps say so and offer nothing; the rest link to their screen.
    expect(within(rowOf("hire_employee")).getByText("(done)", { exact: false })).toBeInTheDocument();
    expect(within(rowOf("hire_employee")).queryByRole("link")).not.toBeInTheDocument();
    expect(within(rowOf("add_knowledge")).getByText("(to do)", { exact: false })).toBeInTheDocument();
    expect(within(rowOf("add_knowledge")).getByRole("link", { name: /Upload a document/ })).toHaveAttribute(
      "href",
      "/training?tab=knowledge",
    );
    expect(within(rowOf("connect_channel")).getByRole("link")).toHaveAttribute("href", "/training?tab=integrations");
    expect(within(rowOf("answer_action_item")).getByRole("link")).toHaveAttribute("href", "/action_items");
    // "Try it" opens the first AI employee's profile (asked for once one is hired).
    await waitFor(() =>
      expect(within(rowOf("try_playground")).getByRole("link", { name: /Try it/ })).toHaveAttribute(
        "href",
        `/ai_employees/${SOFIA}`,
      ),
    );
    expect(
      api.requests.some((r) => r.path.startsWith("/app/ai_employees.json?") && r.path.includes("per_page=1")),
    ).toBe(true);
  });

  it("links hiring to the hire form and trying to the AI employees while none is hired", async () => {
    serve(checklist([]));
    renderChecklist();
    await screen.findByRole("region", { name: "Get started with Foreman" });
    expect(within(rowOf("hire_employee")).getByRole("link", { name: /Hire/ })).toHaveAttribute(
      "href",
      "/ai_employees?hire=true",
    );
    expect(within(rowOf("try_playground")).getByRole("link")).toHaveAttribute("href", "/ai_employees");
    expect(api.requests.some((r) => r.path.startsWith("/app/ai_employees.json"))).toBe(false);
  });

  it("lets an owner or admin hide it for the company", async () => {
    serve(checklist(["hire_employee"]));
    api.routes["POST /app/getting_started/dismiss.json"] = (_req, res) =>
      sendJson(res, 200, checklist(["hire_employee"], true));
    renderChecklist();
    await screen.findByRole("region", { name: "Get started with Foreman" });

    await userEvent.click(screen.getByRole("button", { name: "Hide the getting-started checklist" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Get started with Foreman" })).toBeNull());
    expect(api.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/app/getting_started/dismiss.json",
    ]);
  });

  it("offers a member no way to hide it", async () => {
    serve(checklist([]));
    renderChecklist(false);
    await screen.findByRole("region", { name: "Get started with Foreman" });
    expect(screen.queryByRole("button", { name: "Hide the getting-started checklist" })).toBeNull();
  });

  it.each([
    ["every step is done", checklist([...GETTING_STARTED_STEPS])],
    ["it was hidden", checklist(["hire_employee"], true)],
  ])("shows nothing once %s", async (_, body) => {
    serve(body);
    renderChecklist();
    await waitFor(() => expect(api.requests.some((r) => r.path === "/app/getting_started.json")).toBe(true));
    // Give the answer time to render: nothing may appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region")).toBeNull();
  });
});
