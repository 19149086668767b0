import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { OUTBOX_PER_PAGE } from "../email-api.ts";
import { OutboxSheet } from "./outbox-sheet.tsx";

const api = signedInLocalApi();
const COMPANY = "company-27";

// As the server sends them: snake_case.
const mail = (id: number, extra: object = {}) => ({
  id: `mail-${id}`,
  from: '"Northwind Support" <support@northwind.example>',
  to: "ana@shop.example",
  subject: `Re: Pallet prices ${id}`,
  text: `Hello Ana,\n\nThe prices, reply ${id}.`,
  state: "sent",
  attempts: 1,
  last_error: null,
  sent_at: "2026-11-20T10:01:00.000Z",
  created_at: "2026-11-20T10:00:00.000Z",
  ...extra,
});

function serve(pages: Record<number, object[]>, { total, smtp = true }: { total: number; smtp?: boolean }) {
  api.routes["GET /app/outbound_mails.json"] = (req, res) => {
    const page = Number(new URL(req.path, "http://x").searchParams.get("page"));
    sendJson(res, 200, { outbound_mails: pages[page] ?? [], smtp_configured: smtp, total });
  };
}

function renderSheet(onOpenChange = vi.fn()) {
  renderInCompany(<OutboxSheet companyId={COMPANY} open onOpenChange={onOpenChange} />, { companyId: COMPANY });
  return onOpenChange;
}

describe("the outbox", () => {
  it("shows each mail's state and why: sent, retrying with the last error, kept without SMTP, failed", async () => {
    serve(
      {
        1: [
          mail(1),
          mail(2, {
            state: "queued",
            attempts: 2,
            last_error: "Connection refused by smtp.example:587",
            sent_at: null,
          }),
          mail(3, { state: "kept", attempts: 0, sent_at: null }),
          mail(4, { state: "failed", attempts: 1, last_error: "550 5.1.1 No such user", sent_at: null }),
        ],
      },
      { total: 4 },
    );
    renderSheet();
    const sheet = await screen.findByRole("dialog", { name: "Outbox" }, overlayKitWait);
    const rows = await within(sheet).findAllByTestId("outbound-mail");
    expect(rows.map((row) => within(row).getByTestId("outbound-mail-state").textContent)).toEqual([
      "Sent",
      "Queued",
      "Kept",
      "Failed",
    ]);
    expect(within(rows[0]!).queryByTestId("outbound-mail-note")).not.toBeInTheDocument();
    expect(within(rows[1]!).getByTestId("outbound-mail-note")).toHaveTextContent(
      "Retrying: Connection refused by smtp.example:587",
    );
    expect(within(rows[2]!).getByTestId("outbound-mail-note")).toHaveTextContent("No SMTP server: kept here, unsent");
    expect(within(rows[3]!).getByTestId("outbound-mail-note")).toHaveTextContent("Failed: 550 5.1.1 No such user");
    expect(rows[0]).toHaveTextContent("Re: Pallet prices 1");
    expect(rows[0]).toHaveTextContent("To ana@shop.example");
    // The text, on demand.
    const user = userEvent.setup();
    await user.click(within(rows[0]!).getByText("Show the text"));
    expect(within(rows[0]!).getByText(/The prices, reply 1\./)).toBeVisible();
    expect(within(sheet).queryByTestId("no-smtp-notice")).not.toBeInTheDocument();
    expect(api.requests[0]!.path).toBe(`/app/outbound_mails.json?page=1&per_page=${OUTBOX_PER_PAGE}`);
    expect(api.requests[0]!.headers["x-company-id"]).toBe(COMPANY);
  });

  it("pages through the mails with the server's total", async () => {
    const first = Array.from({ length: OUTBOX_PER_PAGE }, (_, index) => mail(index + 1));
    serve({ 1: first, 2: [mail(99, { subject: "Re: The last one" })] }, { total: OUTBOX_PER_PAGE + 1 });
    const user = userEvent.setup();
    renderSheet();
    const sheet = await screen.findByRole("dialog", { name: "Outbox" }, overlayKitWait);
    expect(await within(sheet).findAllByTestId("outbound-mail")).toHaveLength(OUTBOX_PER_PAGE);
    const pages = within(sheet).getByRole("navigation", { name: "Outbox pages" });
    expect(pages).toHaveTextContent(`1–${OUTBOX_PER_PAGE} of ${OUTBOX_PER_PAGE + 1}`);
    expect(within(pages).getByRole("button", { name: /Previous/ })).toBeDisabled();
    await user.click(within(pages).getByRole("button", { name: /Next/ }));
    await waitFor(() => expect(within(sheet).getAllByTestId("outbound-mail")).toHaveLength(1));
    expect(within(sheet).getByTestId("outbound-mail")).toHaveTextContent("Re: The last one");
    expect(pages).toHaveTextContent(`${OUTBOX_PER_PAGE + 1}–${OUTBOX_PER_PAGE + 1} of ${OUTBOX_PER_PAGE + 1}`);
    expect(within(pages).getByRole("button", { name: /Next/ })).toBeDisabled();
    expect(api.requests.at(-1)!.path).toBe(`/app/outbound_mails.json?page=2&per_page=${OUTBOX_PER_PAGE}`);
  });

  it("says when nothing was sent yet, and that mail is kept without an SMTP server", async () => {
    serve({ 1: [] }, { total: 0, smtp: false });
    renderSheet();
    const sheet = await screen.findByRole("dialog", { name: "Outbox" }, overlayKitWait);
    expect(await within(sheet).findByText("No mail yet")).toBeInTheDocument();
    expect(within(sheet).getByTestId("no-smtp-notice")).toHaveTextContent("No SMTP server is set");
    expect(within(sheet).queryByRole("navigation", { name: "Outbox pages" })).not.toBeInTheDocument();
  });

  it("says why it could not load (a member gets 403), and closes with Escape", async () => {
    api.routes["GET /app/outbound_mails.json"] = (_req, res) =>
      sendJson(res, 403, { error: "forbidden", error_description: "Only owners and admins can do this" });
    const user = userEvent.setup();
    const onOpenChange = renderSheet();
    const sheet = await screen.findByRole("dialog", { name: "Outbox" }, overlayKitWait);
    expect(await within(sheet).findByText("Couldn't load the outbox")).toBeInTheDocument();
    expect(within(sheet).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
