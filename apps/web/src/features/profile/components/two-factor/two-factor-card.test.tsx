import { INVALID_TWO_FACTOR_CODE } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { RECOVERY_CODES_FILENAME } from "./recovery-codes.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";

const api = signedInLocalApi();
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const QR = "data:image/svg+xml;base64,PHN2Zy8+";
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, "0")}`);

// As the server answers: snake_case.
type Status = { enabled: boolean; enabled_at: string | null; recovery_codes_left: number; required_by: string[] };
let status: Status;
const calls = (path: string) => api.requests.filter((request) => request.path === path);

beforeEach(() => {
  status = { enabled: false, enabled_at: null, recovery_codes_left: 0, required_by: [] };
  api.routes["GET /app/profile/two_factor.json"] = (_req, res) => sendJson(res, 200, status);
});

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

// jsdom's Blob has no text().
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function render() {
  const user = userEvent.setup();
  const result = renderInCompany(<TwoFactorCard />, { companyId: "company-1" });
  return { user, ...result };
}

async function openTurnOn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Turn on two-factor" }));
  return screen.findByRole("dialog", { name: "Turn on two-factor sign-in" });
}

describe("the two-factor card", () => {
  it("is off, and says which companies require it", async () => {
    status.required_by = ["Northwind", "Acme"];
    render();
    const card = await screen.findByTestId("two-factor-card");
    await waitFor(() => expect(within(card).getByText("Off")).toBeInTheDocument());
    expect(within(card).getByRole("note")).toHaveTextContent(
      "Northwind and Acme require two-factor sign-in. Turn it on to keep working there.",
    );
  });

  it("enrols: QR code and key, a code checked at the field, then the recovery codes shown once", async () => {
    let setups = 0;
    api.routes["POST /app/profile/two_factor/setup.json"] = (_req, res) => {
      setups += 1;
      sendJson(res, 200, { secret: SECRET, otpauth_url: "otpauth://totp/Foreman:a?secret=x", qr_code_data_url: QR });
    };
    api.routes["POST /app/profile/two_factor/enable.json"] = (req, res) => {
      if ((req.body as { code: string }).code !== "123456")
        return sendJson(res, 422, {
          error: "validation_failed",
          details: [{ field: "code", message: INVALID_TWO_FACTOR_CODE }],
        });
      status = { enabled: true, enabled_at: "2026-05-03T10:00:00.000Z", recovery_codes_left: 10, required_by: [] };
      sendJson(res, 200, { recovery_codes: CODES });
    };
    const { user, queryClient } = render();
    queryClient.setQueryData(["me"], { twoFactorEnabled: false });
    const dialog = await openTurnOn(user);

    const qr = await within(dialog).findByRole("img", { name: "QR code that adds Foreman to your authenticator app" });
    expect(qr).toHaveAttribute("src", QR);
    expect(within(dialog).getByTestId("two-factor-secret")).toHaveTextContent(
      "JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP",
    );
    await user.click(within(dialog).getByRole("button", { name: "Copy the setup key" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const field = within(dialog).getByLabelText("Authentication code");
    expect(field).toHaveAttribute("inputmode", "numeric");
    expect(field).toHaveAttribute("autocomplete", "one-time-code");

    // Checked before it is sent: nothing goes out.
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Required"));
    await user.type(field, "12345");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining("Enter the 6-digit code your authenticator app shows"),
    );
    expect(calls("/app/profile/two_factor/enable.json")).toHaveLength(0);

    // The server's refusal lands at the field.
    await user.clear(field);
    await user.type(field, "654321");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(INVALID_TWO_FACTOR_CODE)));
    expect(field).toHaveAttribute("aria-invalid", "true");

    // Spaces as apps show them are fine.
    await user.clear(field);
    await user.type(field, "123 456");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    const saved = await screen.findByRole("dialog", { name: "Save your recovery codes" });
    const list = within(saved).getByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls("/app/profile/two_factor/enable.json").map((request) => request.body)).toEqual([
      { code: "654321" },
      { code: "123456" },
    ]);
    // One secret per opening.
    expect(setups).toBe(1);

    await user.click(within(saved).getByRole("button", { name: "Copy all" }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join("\n"));

    const downloads: { name: string; blob: Blob }[] = [];
    let pending: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      pending = blob;
      return "blob:codes";
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (pending) downloads.push({ name: this.download, blob: pending });
    });
    await user.click(within(saved).getByRole("button", { name: "Download .txt" }));
    expect(downloads.map((download) => download.name)).toEqual([RECOVERY_CODES_FILENAME]);
    const text = await readText(downloads[0]!.blob);
    for (const code of CODES) expect(text).toContain(code);

    await user.click(within(saved).getByRole("button", { name: "I saved them" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The card and the user (the company gate reads it) are read again.
    const card = screen.getByTestId("two-factor-card");
    await waitFor(() => expect(within(card).getByText("On")).toBeInTheDocument());
    expect(card).toHaveTextContent("10 of 10 left");
    expect(queryClient.getQueryState(["me"])?.isInvalidated).toBe(true);
  });

  it("shows why the server cannot set it up, without a pointless retry", async () => {
    api.routes["POST /app/profile/two_factor/setup.json"] = (_req, res) =>
      sendJson(res, 503, {
        error: "two_factor_unavailable",
        error_description: "Two-factor sign-in needs ENCRYPTION_KEY set on the server.",
      });
    const { user } = render();
    const dialog = await openTurnOn(user);
    // A 5xx reads as the generic apology elsewhere; this one says what the server lacks.
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Two-factor sign-in needs ENCRYPTION_KEY set on the server.",
    );
    expect(within(dialog).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Authentication code")).not.toBeInTheDocument();
  });

  it("when on: since when, few recovery codes left, who requires it", async () => {
    status = {
      enabled: true,
      enabled_at: "2026-05-03T10:00:00.000Z",
      recovery_codes_left: 2,
      required_by: ["Northwind"],
    };
    render();
    const card = await screen.findByTestId("two-factor-card");
    await waitFor(() => expect(within(card).getByText("On")).toBeInTheDocument());
    expect(card).toHaveTextContent("2026");
    expect(card).toHaveTextContent("2 of 10 left");
    expect(within(card).getByRole("note")).toHaveTextContent("Only 2 recovery codes left.");
    expect(card).toHaveTextContent("Required byNorthwind");
    expect(within(card).queryByRole("button", { name: "Turn on two-factor" })).not.toBeInTheDocument();
  });

  it("turns off with a fresh code; a wrong one stays at the field, throttling above the button", async () => {
    status = { enabled: true, enabled_at: "2026-05-03T10:00:00.000Z", recovery_codes_left: 10, required_by: [] };
    let attempt = 0;
    api.routes["POST /app/profile/two_factor/disable.json"] = (_req, res) => {
      attempt += 1;
      if (attempt === 1)
        return sendJson(res, 422, {
          error: "validation_failed",
          details: [{ field: "code", message: INVALID_TWO_FACTOR_CODE }],
        });
      if (attempt === 2)
        return sendJson(
          res,
          429,
          { error: "too_many_requests", error_description: "Too many wrong codes. Try again in 30 seconds." },
          { "retry-after": "30" },
        );
      status = { enabled: false, enabled_at: null, recovery_codes_left: 0, required_by: [] };
      sendJson(res, 200, {});
    };
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "Turn off" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor sign-in?" });
    const field = within(dialog).getByLabelText("Authentication code");
    await user.type(field, "111111");
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(INVALID_TWO_FACTOR_CODE)));

    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many wrong codes. Try again in 30 seconds.",
    );

    // A recovery code does as well.
    await user.click(within(dialog).getByRole("button", { name: "Use a recovery code instead" }));
    const recovery = within(dialog).getByLabelText("Recovery code");
    await waitFor(() => expect(recovery).toHaveFocus());
    await user.type(recovery, "abcde-00001");
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls("/app/profile/two_factor/disable.json").map((request) => request.body)).toEqual([
      { code: "111111" },
      { code: "111111" },
      { code: "abcde-00001" },
    ]);
    expect(getToasts().map((toast) => toast.title)).toContain("Two-factor sign-in is off");
    const card = screen.getByTestId("two-factor-card");
    await waitFor(() => expect(within(card).getByText("Off")).toBeInTheDocument());
  });

  it("makes new recovery codes after a fresh code, and shows them", async () => {
    status = { enabled: true, enabled_at: "2026-05-03T10:00:00.000Z", recovery_codes_left: 1, required_by: [] };
    api.routes["POST /app/profile/two_factor/recovery_codes.json"] = (_req, res) => {
      status = { ...status, recovery_codes_left: 10 };
      sendJson(res, 200, { recovery_codes: CODES });
    };
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "New recovery codes" }));
    const dialog = await screen.findByRole("dialog", { name: "Make new recovery codes?" });
    await user.type(within(dialog).getByLabelText("Authentication code"), "246810");
    await user.click(within(dialog).getByRole("button", { name: "Make new codes" }));
    const saved = await screen.findByRole("dialog", { name: "Save your new recovery codes" });
    expect(within(saved).getAllByRole("listitem")).toHaveLength(10);
    expect(calls("/app/profile/two_factor/recovery_codes.json")[0]?.body).toEqual({ code: "246810" });
    await user.click(within(saved).getByRole("button", { name: "I saved them" }));
    await waitFor(() => expect(screen.getByTestId("two-factor-card")).toHaveTextContent("10 of 10 left"));
  });
});
