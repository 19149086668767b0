import { type CompanyLanguage, employeePreset } from "@foreman/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { HireDialog } from "./employee-form-dialog.tsx";

const api = signedInLocalApi();
const COMPANY = "company-26";
const SALES = "5a0c7e1b-0000-4000-8000-0000000000c1";
const DEPARTMENTS = [
  { id: SALES, name: "Sales" },
  { id: "5a0c7e1b-0000-4000-8000-0000000000c2", name: "Cobranza" },
  { id: "5a0c7e1b-0000-4000-8000-0000000000c3", name: "Legal" },
];

function renderHire(language: CompanyLanguage = "en") {
  api.routes["POST /app/ai_employees.json"] = (_req, res) => sendJson(res, 201, { id: "new-employee" });
  renderInCompany(
    <HireDialog
      companyId={COMPANY}
      departments={DEPARTMENTS}
      presets={{ language, currency: "USD" }}
      open
      onOpenChange={() => {}}
    />,
    { companyId: COMPANY },
  );
}

const chooseDepartment = async (name: string) =>
  userEvent.selectOptions(await screen.findByLabelText("Department", {}, overlayKitWait), name);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const hired = () => api.requests.find((r) => r.method === "POST" && r.path === "/app/ai_employees.json")?.body;

describe("hiring from a preset", () => {
  it("offers the chosen department's preset, fills every field with it, and hires what was edited", async () => {
    renderHire();
    expect(screen.queryByRole("button", { name: /preset/ })).toBeNull();
    await chooseDepartment("Sales");
    await userEvent.click(screen.getByRole("button", { name: "Start from the Sales representative preset" }));

    const preset = employeePreset("sales", "en", "USD");
    expect(screen.getByRole("status")).toHaveTextContent("Filled from the Sales representative preset");
    expect(field("Role").value).toBe("Sales representative");
    expect(field("Persona").value).toBe(preset.persona);
    expect(field("Instructions").value).toBe(preset.instructions);
    expect(field("Largest discount alone (%)").value).toBe("5");
    expect(field("Largest order total alone").value).toBe("2500.00");
    expect(field("Skills").value).toBe(preset.skillNames.join(", "));
    expect(screen.getByRole("checkbox", { name: "Cancel an order" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Apply a discount" })).not.toBeChecked();

    // Every field stays editable before hiring.
    await userEvent.type(field("Name"), "Ana");
    await userEvent.clear(field("Largest discount alone (%)"));
    await userEvent.type(field("Largest discount alone (%)"), "3");
    await userEvent.click(screen.getByRole("button", { name: "Hire" }));
    await waitFor(() => expect(hired()).toBeDefined());
    expect(hired()).toMatchObject({
      name: "Ana",
      role: "Sales representative",
      department_id: SALES,
      languages: ["en", "es"],
      persona: preset.persona,
      guardrails: {
        max_discount_percent: 3,
        max_order_total_cents: 250_000,
        actions_requiring_human: ["cancel_order"],
      },
      skills: preset.skillNames,
    });
  });

  it("speaks the company's language and gives collections no discount", async () => {
    renderHire("es");
    await chooseDepartment("Cobranza");
    await userEvent.click(screen.getByRole("button", { name: "Start from the Ejecutivo de cobranza preset" }));
    expect(field("Role").value).toBe("Ejecutivo de cobranza");
    expect(field("Languages").value).toBe("es, en");
    expect(field("Largest discount alone (%)").value).toBe("0");
    expect(screen.getByRole("checkbox", { name: "Apply a discount" })).toBeChecked();
  });

  it("never overwrites what was typed until asked, and warns that it will", async () => {
    renderHire();
    await userEvent.type(await screen.findByLabelText("Role", {}, overlayKitWait), "Closer");
    await chooseDepartment("Sales");
    expect(field("Role").value).toBe("Closer");
    expect(screen.getByText(/replaces what you typed/)).toBeInTheDocument();
  });

  it("offers nothing for a department of no known kind", async () => {
    renderHire();
    await chooseDepartment("Legal");
    expect(screen.queryByRole("button", { name: /preset/ })).toBeNull();
  });
});
