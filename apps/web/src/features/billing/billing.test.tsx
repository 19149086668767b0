import {
  type BillingOverview,
  type CompanyRole,
  type Invoice,
  PAYMENT_FAILED_ADVICE,
  snakeizeKeys,
} from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { meInCompany } from "#web/test/fixtures/me.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { formatDayRange, formatPeriod } from "./billing-dates.ts";
import { BillingSettings } from "./components/billing-settings.tsx";

// Settings → Billing against a local API: this month's lines and running total, the invoices with their
// PDFs, the billing email, and how paying looks with and without Stripe.

const COMPANY = "company-1";
const api = signedInLocalApi();

function serveMe(role: CompanyRole) {
  const me = meInCompany(COMPANY, role);
  api.routes["GET /app/me.json"] = (_req, res) => sendJson(res, 200, me);
}

function anOverview(values: Partial<BillingOverview> = {}): BillingOverview {
  return {
    provider: "none",
    billingEmail: "ana@example.com",
    currentPeriod: {
      periodStart: "2026-11-01",
      periodEnd: "2026-11-30",
      lines: [
        {
          phoneNumberId: "n1",
          description: "+1 555 010 0123 · Nov 1 – Nov 21 (21 days)",
          phoneNumber: "+15550100123",
          from: "2026-11-01",
          to: "2026-11-21",
          days: 21,
          amountCents: 210,
          currency: "USD",
        },
        {
          phoneNumberId: "n2",
          description: "+1 555 010 0188 · Nov 10 – Nov 19 (10 days)",
          phoneNumber: "+15550100188",
          from: "2026-11-10",
          to: "2026-11-19",
          days: 10,
          amountCents: 100,
          currency: "USD",
        },
      ],
      totalCents: 310,
      currency: "USD",
    },
    activeNumbers: 1,
    monthlyCostCents: 300,
    subscription: { status: "none", quantity: 0, paymentMethod: null },
    paymentProblem: null,
    ...values,
  };
}

const anInvoice = (values: Partial<Invoice> = {}): Invoice => ({
  id: "inv-1",
  number: "FM-202610-0001",
  periodStart: "2026-10-01",
  periodEnd: "2026-10-31",
  lines: [],
  totalCents: 300,
  currency: "USD",
  status: "not_charged",
  pdfUrl: "/app/invoices/inv-1.pdf",
  hostedUrl: null,
  ...values,
});

function serve(overview: BillingOverview, invoices: Invoice[] = [anInvoice()]) {
  const state = { overview };
  api.routes["GET /app/billing.json"] = (_req, res) => sendJson(res, 200, snakeizeKeys(state.overview));
  api.routes["GET /app/invoices.json"] = (_req, res) =>
    sendJson(res, 200, snakeizeKeys({ invoices, total: invoices.length, page: 1, perPage: 12 }));
  return state;
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

const renderTab = () => renderInCompany(<BillingSettings />, { companyId: COMPANY, path: "/settings?tab=billing" });

describe("billing dates", () => {
  it("writes calendar days and whole months as people read a bill", () => {
    expect(formatDayRange("2026-11-10", "2026-11-19")).toBe("Nov 10 – Nov 19");
    expect(formatDayRange("2026-11-10", "2026-11-10")).toBe("Nov 10");
    expect(formatPeriod("2026-11-01", "2026-11-30")).toBe("November 2026");
    expect(formatPeriod("2026-02-01", "2026-02-28")).toBe("February 2026");
    expect(formatPeriod("2026-11-01", "2026-11-21")).toBe("Nov 1 – Nov 21");
  });
});

describe("the billing tab", () => {
  it("shows this month's lines by number, with days and amounts, and the running total", async () => {
    serveMe("member");
    serve(anOverview());
    renderTab();
    const month = await screen.findByRole("region", { name: "This month" });
    expect(within(month).getByTestId("running-total")).toHaveTextContent("$3.10");
    expect(within(month).getByTestId("active-numbers")).toHaveTextContent("1 active number × $3.00 = $3.00 a month");
    expect(month).toHaveTextContent("November 2026 so far");
    const lines = within(month).getAllByTestId("billing-line");
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((line) => within(line).getAllByRole("cell"));
    // The days are a column of their own where there is room, and under the number on a phone.
    expect(first?.map((cell) => cell.textContent)).toEqual([
      "(555) 010-012321 days · Nov 1 – Nov 21",
      "21 daysNov 1 – Nov 21",
      "$2.10",
    ]);
    expect(second?.map((cell) => cell.textContent)).toEqual([
      "(555) 010-018810 days · Nov 10 – Nov 19",
      "10 daysNov 10 – Nov 19",
      "$1.00",
    ]);
    expect(second?.[2]).toHaveClass("text-right");
    expect(within(month).getByRole("row", { name: /Total so far/ })).toHaveTextContent("$3.10");
  });

  it("says calmly that nothing is charged without Stripe, and lists the computed invoices", async () => {
    serveMe("owner");
    serve(anOverview());
    renderTab();
    expect(await screen.findByTestId("payment-none")).toHaveTextContent("Nothing is charged.");
    expect(screen.queryByRole("button", { name: "Add payment method" })).not.toBeInTheDocument();
    const invoices = screen.getByRole("region", { name: "Invoices" });
    const row = await within(invoices).findByTestId("invoice-row");
    // The month and status under the number on a phone, in columns of their own where there is room.
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["FM-202610-0001October 2026Not charged", "October 2026", "$3.00", "Not charged", "PDF"]);
    expect(invoices).toHaveTextContent("computed from your numbers' days and not charged");
  });

  it("downloads an invoice's PDF with the session", async () => {
    const user = userEvent.setup();
    serveMe("member");
    serve(anOverview());
    let asked: string | undefined;
    api.routes["GET /app/invoices/inv-1.pdf"] = (req, res) => {
      asked = String(req.headers.authorization);
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end("%PDF-1.7");
    };
    // jsdom cannot follow a download link; what the app hands it is checked instead.
    const downloads: { name: string; blob: Blob }[] = [];
    let pending: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      pending = blob;
      return "blob:invoice";
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (pending) downloads.push({ name: this.download, blob: pending });
    });
    renderTab();
    await user.click(await screen.findByRole("button", { name: "Download invoice FM-202610-0001 as PDF" }));
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(["invoice-FM-202610-0001.pdf"]));
    expect(asked).toBe("Bearer tok");
    expect(await downloads[0]?.blob.text()).toBe("%PDF-1.7");
  });

  it("lets an admin change the billing email, and tells a member who can", async () => {
    const user = userEvent.setup();
    serveMe("admin");
    const state = serve(anOverview());
    api.routes["PATCH /app/billing.json"] = (req, res) => {
      state.overview = { ...state.overview, billingEmail: (req.body as { billing_email: string }).billing_email };
      sendJson(res, 200, snakeizeKeys(state.overview));
    };
    renderTab();
    const card = await screen.findByRole("region", { name: "Billing email" });
    const field = within(card).getByRole("textbox", { name: "Email" });
    await waitFor(() => expect(field).toBeEnabled());
    await user.clear(field);
    await user.type(field, "not-an-email");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(field).toHaveAccessibleDescription(/Enter an email address like billing@example.com/);
    expect(api.requests.some((request) => request.method === "PATCH")).toBe(false);
    await user.clear(field);
    await user.type(field, "accounts@northwind.example");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(getToasts().at(-1)?.title).toBe("Invoices go to accounts@northwind.example"));
    expect(api.requests.find((request) => request.method === "PATCH")?.body).toEqual({
      billing_email: "accounts@northwind.example",
    });
  });

  it("with Stripe: the card on file, the portal, and a failed payment first with what to do", async () => {
    serveMe("owner");
    serve(
      anOverview({
        provider: "stripe",
        subscription: { status: "past_due", quantity: 2, paymentMethod: { brand: "visa", last4: "4242" } },
        paymentProblem: { message: PAYMENT_FAILED_ADVICE, invoiceId: "inv-2", at: "2026-11-02T08:00:00.000Z" },
      }),
      [anInvoice({ id: "inv-2", status: "open", hostedUrl: "https://pay.example/inv-2" })],
    );
    renderTab();
    const problem = await screen.findByTestId("payment-problem");
    expect(problem).toHaveRole("alert");
    expect(problem).toHaveTextContent(PAYMENT_FAILED_ADVICE);
    // The payment card leads the tab while a payment has failed.
    const regions = screen.getAllByRole("region").map((region) => region.getAttribute("data-testid"));
    expect(regions.indexOf("payment")).toBeLessThan(regions.indexOf("current-period"));
    const payment = screen.getByRole("region", { name: "Payment" });
    expect(within(payment).getByTestId("card-on-file")).toHaveTextContent("Visa ending in 4242");
    expect(within(payment).getByText("Past due")).toBeInTheDocument();
    expect(within(payment).queryByRole("button", { name: "Add payment method" })).not.toBeInTheDocument();
    expect(within(payment).getByRole("button", { name: "Manage billing" })).toBeEnabled();
    const row = await screen.findByTestId("invoice-row");
    for (const status of within(row).getAllByTestId("invoice-status")) expect(status).toHaveTextContent("Due");
    expect(within(row).getByRole("link", { name: "Pay" })).toHaveAttribute("href", "https://pay.example/inv-2");
  });

  it("with Stripe and no card: adding one is offered to owners and admins only", async () => {
    serveMe("member");
    serve(anOverview({ provider: "stripe" }));
    renderTab();
    const payment = await screen.findByRole("region", { name: "Payment" });
    expect(within(payment).getByTestId("card-on-file")).toHaveTextContent("No card on file");
    expect(within(payment).getByRole("button", { name: "Add payment method" })).toBeDisabled();
    expect(within(payment).getByText("Only owners and admins can change billing.")).toBeInTheDocument();
  });
});
