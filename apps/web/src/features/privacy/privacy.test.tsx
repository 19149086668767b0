import type { CompanyRole, DataExport, Me, MemberCompany, PrivacySettings } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { PrivacySettings as PrivacyTab } from "./components/privacy-settings.tsx";

// Settings → Privacy against a local API: what each role may do, the export's progress and download,
// and deleting the company by typing its name.

const COMPANY = "company-1";
const NAME = "Northwind Foods";
const api = signedInLocalApi();

function company(role: CompanyRole): MemberCompany {
  return {
    id: COMPANY,
    name: NAME,
    logoSmallUrl: null,
    role,
    membersMayApprove: false,
    language: "en",
    requireTwoFactor: false,
    timeZone: "UTC",
    currency: "USD",
  };
}

function serveMe(role: CompanyRole) {
  const member = company(role);
  const me: Me = {
    id: "u1",
    email: "a@example.com",
    firstName: "Ana",
    lastName: "Ruiz",
    twoFactorEnabled: false,
    company: member,
    managedCompanies: [member],
  };
  api.routes["GET /app/me.json"] = (_req, res) => sendJson(res, 200, me);
}

const HOUR = 3_600_000;
function anExport(values: Partial<DataExport>): DataExport {
  return {
    id: "e1",
    state: "ready",
    progress: 100,
    step: null,
    fileName: "foreman-export-northwind-foods-2026-11-28.zip",
    byteSize: 2_400_000,
    error: null,
    requestedBy: "Ana Ruiz",
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    finishedAt: new Date(Date.now() - HOUR).toISOString(),
    expiresAt: new Date(Date.now() + 23 * HOUR).toISOString(),
    downloadUrl: null,
    ...values,
  };
}

/** A privacy.json the test changes as the "server" would. */
function servePrivacy(initial: Partial<PrivacySettings> = {}) {
  const state: PrivacySettings = {
    retentionDays: null,
    deletionScheduledFor: null,
    deletionRequestedBy: null,
    exports: [],
    ...initial,
  };
  const wire = () => ({
    retention_days: state.retentionDays,
    deletion_scheduled_for: state.deletionScheduledFor,
    deletion_requested_by: state.deletionRequestedBy,
    exports: state.exports.map((item) => ({
      id: item.id,
      state: item.state,
      progress: item.progress,
      step: item.step,
      file_name: item.fileName,
      byte_size: item.byteSize,
      error: item.error,
      requested_by: item.requestedBy,
      created_at: item.createdAt,
      finished_at: item.finishedAt,
      expires_at: item.expiresAt,
      download_url: item.downloadUrl,
    })),
  });
  api.routes["GET /app/privacy.json"] = (_req, res) => sendJson(res, 200, wire());
  return { state, wire };
}

const renderTab = () => renderInCompany(<PrivacyTab />, { companyId: COMPANY, path: "/settings?tab=privacy" });

describe("the privacy tab", () => {
  it("shows a member the period read-only, the exports without links, and no danger zone", async () => {
    serveMe("member");
    servePrivacy({ retentionDays: 90, exports: [anExport({})] });
    renderTab();
    const select = await screen.findByRole("combobox", { name: "Keep conversations for" });
    expect(select).toHaveValue("90");
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription("Only owners and admins can change this.");
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.getByText("Only owners can export the company's data.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Export data" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId("danger-zone")).not.toBeInTheDocument();
  });

  it("lets an admin change the period: one PATCH with the days, or null for forever", async () => {
    serveMe("admin");
    const { state } = servePrivacy();
    api.routes["PATCH /app/privacy.json"] = (req, res) => {
      state.retentionDays = (req.body as { retention_days: number | null }).retention_days;
      sendJson(res, 200, {});
    };
    renderTab();
    const select = await screen.findByRole("combobox", { name: "Keep conversations for" });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue("forever");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      "30 days",
      "90 days",
      "180 days",
      "1 year",
      "2 years",
      "Forever",
    ]);
    await userEvent.selectOptions(select, "365");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(getToasts().map((item) => item.title)).toContain("Conversations are kept 1 year"));
    expect(api.requests.find((request) => request.method === "PATCH")?.body).toEqual({ retention_days: 365 });
    expect(screen.queryByTestId("danger-zone")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Export data" })).not.toBeInTheDocument();
  });

  it("lets an owner start an export and follow it to the download", async () => {
    serveMe("owner");
    const { state } = servePrivacy();
    api.routes["POST /app/data_exports.json"] = (_req, res) => {
      state.exports = [
        anExport({ state: "running", progress: 40, step: "messages", expiresAt: null, finishedAt: null }),
      ];
      sendJson(res, 202, {});
    };
    api.routes["GET /app/data_exports/e1/download"] = (_req, res) => {
      res.writeHead(200, { "content-type": "application/zip" });
      res.end(Buffer.from("PK\u0003\u0004"));
    };
    renderTab();
    expect(await screen.findByText("No exports yet.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Export data" }));
    const bar = await screen.findByRole("progressbar", { name: "Export progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("40% · messages")).toBeInTheDocument();
    // One at a time: the button waits while this one is written.
    expect(screen.getByRole("button", { name: "Export data" })).toBeDisabled();

    // The job finishes; the tab polls and shows the link.
    state.exports = [anExport({ downloadUrl: "/app/data_exports/e1/download" })];
    const download = await screen.findByRole("button", { name: /Download/ });
    expect(screen.getByText(/Link expires in 23 hours/)).toBeInTheDocument();
    URL.createObjectURL = () => "blob:export";
    URL.revokeObjectURL = () => {};
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(download);
    await waitFor(() => expect(saved).toEqual(["foreman-export-northwind-foods-2026-11-28.zip"]));
    click.mockRestore();
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === "/app/data_exports/e1/download")).toBe(true),
    );
    const fetched = api.requests.find((request) => request.path === "/app/data_exports/e1/download");
    expect(fetched?.headers["x-company-id"]).toBe(COMPANY);
    expect(fetched?.headers.authorization).toBe("Bearer tok");
  });

  it("says why an export failed, and when its link ran out", async () => {
    serveMe("owner");
    servePrivacy({
      exports: [
        anExport({ id: "e2", state: "failed", error: "The export could not be written.", byteSize: null }),
        anExport({ id: "e3", expiresAt: new Date(Date.now() - HOUR).toISOString() }),
      ],
    });
    renderTab();
    const rows = await screen.findAllByTestId("data-export");
    expect(within(rows[0]!).getByText("Failed")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("The export could not be written.")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Expired")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Download/ })).not.toBeInTheDocument();
  });

  it("deletes the company only once its name is typed, then offers to restore it", async () => {
    serveMe("owner");
    const { state } = servePrivacy();
    const due = new Date(Date.now() + 7 * 24 * HOUR).toISOString();
    api.routes[`POST /app/companies/${COMPANY}/deletion.json`] = (req, res) => {
      const { confirm } = req.body as { confirm: string };
      if (confirm !== NAME) return sendJson(res, 400, { error: "invalid_request" });
      state.deletionScheduledFor = due;
      state.deletionRequestedBy = "Ana Ruiz";
      sendJson(res, 200, {});
    };
    api.routes[`DELETE /app/companies/${COMPANY}/deletion.json`] = (_req, res) => {
      state.deletionScheduledFor = null;
      sendJson(res, 200, {});
    };
    renderTab();
    await userEvent.click(await screen.findByRole("button", { name: "Delete this company" }));
    const dialog = await screen.findByRole("dialog", { name: `Delete ${NAME}?` });
    const confirm = within(dialog).getByRole("button", { name: "Delete company" });
    const input = within(dialog).getByRole("textbox", { name: `Type ${NAME} to confirm` });
    expect(confirm).toBeDisabled();
    await userEvent.type(input, "northwind foods");
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, NAME);
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.requests.find((request) => request.method === "POST")?.body).toEqual({ confirm: NAME });
    expect(await screen.findByText(/will be deleted on/)).toBeInTheDocument();
    expect(screen.getByText(/Ana Ruiz asked for it/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Restore company" }));
    expect(await screen.findByRole("button", { name: "Delete this company" })).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === "DELETE")).toBe(true);
  });

  it("says so when the settings cannot be loaded, and tries again", async () => {
    serveMe("owner");
    api.routes["GET /app/privacy.json"] = (_req, res) => sendJson(res, 500, { error: "internal_error" });
    renderTab();
    expect(await screen.findByText("Couldn't load the privacy settings")).toBeInTheDocument();
    servePrivacy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("combobox", { name: "Keep conversations for" })).toBeInTheDocument();
  });
});
