import type { CompanyRole, Me } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { GeneralSettings } from "./general-settings.tsx";

const COMPANY = "company-1";
const api = signedInLocalApi();

// jsdom has no ResizeObserver; Radix's Switch measures itself with one inside a form (the browser has it).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const SETTINGS = {
  members_may_approve: false,
  language: "en",
  require_two_factor: false,
  name: "Northwind",
  time_zone: "UTC",
  currency: "USD",
  answer_languages: ["en"],
  business_hours: null,
  created_at: "2026-07-15T02:30:00.000Z",
};

function serve(role: CompanyRole, settings: Record<string, unknown> = SETTINGS) {
  const company = {
    id: COMPANY,
    name: "Northwind",
    logoSmallUrl: null,
    role,
    membersMayApprove: false,
    language: "en" as const,
    requireTwoFactor: false,
    timeZone: "UTC",
    currency: "USD",
  };
  const me: Me = {
    id: "u1",
    email: "a@example.com",
    firstName: "A",
    lastName: "B",
    twoFactorEnabled: false,
    company,
    managedCompanies: [company],
  };
  api.routes["GET /app/me.json"] = (_req, res) => sendJson(res, 200, me);
  api.routes[`GET /app/companies/${COMPANY}/settings.json`] = (_req, res) => sendJson(res, 200, settings);
}

/** Answers a PATCH with the settings it asks for (as the server would). */
function acceptPatches() {
  api.routes[`PATCH /app/companies/${COMPANY}/settings.json`] = (req, res) =>
    sendJson(res, 200, { ...SETTINGS, ...(req.body as Record<string, unknown>) });
}

const renderSettings = () => renderInCompany(<GeneralSettings />, { companyId: COMPANY, path: "/settings" });

const patches = () => api.requests.filter((request) => request.method === "PATCH").map((request) => request.body);

describe("Settings → General: the company card", () => {
  it("saves only what changed, after a change: name, time zone from the search, languages", async () => {
    serve("owner");
    acceptPatches();
    renderSettings();
    const card = within(await screen.findByRole("region", { name: "Company" }));
    const save = card.getByRole("button", { name: "Save" });
    await waitFor(() => expect(card.getByLabelText("Company name")).toBeEnabled());
    expect(save).toBeDisabled();
    // When the company was created, on its clock (UTC here).
    expect(card.getByText("July 15, 2026 at 2:30 AM")).toBeInTheDocument();

    await userEvent.clear(card.getByLabelText("Company name"));
    await userEvent.type(card.getByLabelText("Company name"), "Northwind Andes");
    expect(save).toBeEnabled();

    const zone = card.getByRole("combobox", { name: "Time zone" });
    expect(zone).toHaveValue("UTC (UTC)");
    await userEvent.click(zone);
    await userEvent.keyboard("santiago");
    const options = within(card.getByRole("listbox", { name: "Time zones" })).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^America\/SantiagoUTC−0[34]:00$/),
    ]);
    await userEvent.keyboard("{Enter}");
    expect((zone as HTMLInputElement).value).toMatch(/^America\/Santiago \(UTC−0[34]:00\)$/);

    await userEvent.click(card.getByRole("button", { name: "Spanish" }));
    expect(card.getByRole("button", { name: "Spanish" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(save);
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      name: "Northwind Andes",
      time_zone: "America/Santiago",
      answer_languages: ["en", "es"],
    });
    // The user's companies are read again: the switcher's name and the screens' zone follow at once.
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === "/app/me.json").length).toBeGreaterThan(1),
    );
  });

  it("keeps Escape's promise: the zone stays as it was", async () => {
    serve("owner");
    renderSettings();
    const zone = await screen.findByRole("combobox", { name: "Time zone" });
    await waitFor(() => expect(zone).toBeEnabled());
    await userEvent.click(zone);
    await userEvent.keyboard("madrid{Escape}");
    expect(zone).toHaveValue("UTC (UTC)");
    expect(zone).toHaveAttribute("aria-expanded", "false");
  });

  it("shows what is wrong beside the field and sends nothing", async () => {
    serve("owner");
    acceptPatches();
    renderSettings();
    const card = within(await screen.findByRole("region", { name: "Company" }));
    await waitFor(() => expect(card.getByLabelText("Company name")).toBeEnabled());
    await userEvent.clear(card.getByLabelText("Company name"));
    await userEvent.click(card.getByRole("button", { name: "English" }));
    await userEvent.click(card.getByRole("button", { name: "Save" }));
    expect(await card.findByText("Enter the company's name")).toBeInTheDocument();
    expect(card.getByLabelText("Company name")).toHaveAccessibleDescription("Enter the company's name");
    expect(card.getByText("Choose at least one language")).toBeInTheDocument();
    expect(patches()).toEqual([]);
  });

  it("puts the server's refusal on its field", async () => {
    serve("owner");
    api.routes[`PATCH /app/companies/${COMPANY}/settings.json`] = (_req, res) =>
      sendJson(res, 400, {
        error: "invalid_request",
        details: [{ field: "currency", message: "Must be one of USD, EUR" }],
      });
    renderSettings();
    const card = within(await screen.findByRole("region", { name: "Company" }));
    await waitFor(() => expect(card.getByLabelText("Main currency")).toBeEnabled());
    await userEvent.selectOptions(card.getByLabelText("Main currency"), "CLP");
    await userEvent.click(card.getByRole("button", { name: "Save" }));
    expect(await card.findByText("Must be one of USD, EUR")).toBeInTheDocument();
    expect(patches()).toEqual([{ currency: "CLP" }]);
  });

  it("shows a member every value, read only, and who can change them", async () => {
    serve("member", {
      ...SETTINGS,
      time_zone: "Europe/Madrid",
      business_hours: { ...weekdays(), sat: null, sun: null },
    });
    renderSettings();
    const card = within(await screen.findByRole("region", { name: "Company" }));
    expect(card.getByLabelText("Company name")).toBeDisabled();
    expect(card.getByRole("combobox", { name: "Time zone" })).toBeDisabled();
    expect((card.getByRole("combobox", { name: "Time zone" }) as HTMLInputElement).value).toMatch(
      /^Europe\/Madrid \(UTC\+0[12]:00\)$/,
    );
    expect(card.queryByRole("button", { name: "Save" })).toBeNull();
    expect(card.getByText("Only owners and admins can change these.")).toBeInTheDocument();
    const hours = within(screen.getByRole("region", { name: "Business hours" }));
    expect(hours.getByRole("switch", { name: "Open on Monday" })).toBeDisabled();
    expect(hours.getByRole("switch", { name: "Open on Saturday" })).toHaveAttribute("aria-checked", "false");
    expect(hours.getByText(/in Europe\/Madrid time/)).toBeInTheDocument();
  });
});

function weekdays() {
  const day = { open: "09:00", close: "18:00" };
  return { mon: day, tue: day, wed: day, thu: day, fri: day };
}

describe("Settings → General: business hours", () => {
  it("sets hours from always open: a closed Saturday, Monday's hours copied to the week", async () => {
    serve("owner");
    acceptPatches();
    renderSettings();
    const card = within(await screen.findByRole("region", { name: "Business hours" }));
    await waitFor(() => expect(card.getByRole("radio", { name: "Set hours" })).toBeEnabled());
    expect(card.getByRole("radio", { name: "Always open" })).toBeChecked();
    expect(card.getByRole("button", { name: "Save" })).toBeDisabled();

    await userEvent.click(card.getByRole("radio", { name: "Set hours" }));
    // Weekdays 9:00–18:00 to start from; the weekend closed.
    expect(card.getByRole("switch", { name: "Open on Saturday" })).toHaveAttribute("aria-checked", "false");
    await userEvent.click(card.getByRole("switch", { name: "Open on Saturday" }));
    const mondayCloses = card.getByLabelText("Monday closes at");
    await userEvent.clear(mondayCloses);
    await userEvent.type(mondayCloses, "17:30");
    await userEvent.click(card.getByRole("button", { name: "Copy Monday to Tuesday–Friday" }));
    expect(card.getByLabelText("Friday closes at")).toHaveValue("17:30");

    await userEvent.click(card.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    const short = { open: "09:00", close: "17:30" };
    expect(patches()[0]).toEqual({
      business_hours: {
        mon: short,
        tue: short,
        wed: short,
        thu: short,
        fri: short,
        sat: { open: "09:00", close: "18:00" },
        sun: null,
      },
    });
  });

  it("refuses a day that closes before it opens, beside that day", async () => {
    serve("owner");
    acceptPatches();
    renderSettings();
    const card = within(await screen.findByRole("region", { name: "Business hours" }));
    await waitFor(() => expect(card.getByRole("radio", { name: "Set hours" })).toBeEnabled());
    await userEvent.click(card.getByRole("radio", { name: "Set hours" }));
    const opens = card.getByLabelText("Wednesday opens at");
    await userEvent.clear(opens);
    await userEvent.type(opens, "19:00");
    await userEvent.click(card.getByRole("button", { name: "Save" }));
    expect(await card.findByText("The closing time must be after the opening time")).toBeInTheDocument();
    expect(card.getByLabelText("Wednesday closes at")).toHaveAccessibleDescription(
      "The closing time must be after the opening time",
    );
    expect(patches()).toEqual([]);
  });

  it("goes back to always open", async () => {
    serve("owner", { ...SETTINGS, business_hours: { ...weekdays(), sat: null, sun: null } });
    acceptPatches();
    renderSettings();
    const card = within(await screen.findByRole("region", { name: "Business hours" }));
    await waitFor(() => expect(card.getByRole("radio", { name: "Always open" })).toBeEnabled());
    await userEvent.click(card.getByRole("radio", { name: "Always open" }));
    expect(card.queryByRole("switch", { name: "Open on Monday" })).toBeNull();
    await userEvent.click(card.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches()).toEqual([{ business_hours: null }]));
  });
});
