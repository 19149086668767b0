import type { Message, MessageEmail } from "@foreman/contract";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CompanyIdProvider } from "#web/lib/company-id.tsx";
import { getToasts } from "#web/lib/toast-store.ts";
import { nextMessage } from "#web/test/fixtures/messages.ts";
import { signedInLocalApi } from "#web/test/local-api.ts";
import { FRAME_CSP } from "./email-html-frame.tsx";
import { MessageThread } from "./message-thread.tsx";

const api = signedInLocalApi();
const COMPANY = "company-27";
const MESSAGE_ID = "5d0c2a9e-1111-4000-8000-000000000001";

const HOSTILE_HTML =
  '<p>Hello, <b>prices</b> please.</p><img src="https://tracker.example/pixel.gif" onerror="parent.__pwned=1"><script>parent.__pwned=1</script>';

const email = (extra: Partial<MessageEmail> = {}): MessageEmail => ({
  subject: "Pallet prices",
  from: '"Ana Rivera" <ana@shop.example>',
  to: ["northwind-k2m9ab@mail.foreman.example"],
  cc: ["buyer@shop.example"],
  quotedText: "On Monday, Northwind wrote:\n> Our prices are attached.",
  html: HOSTILE_HTML,
  automated: null,
  skippedAttachments: [],
  originalUrl: `/app/email_messages/${MESSAGE_ID}/original.eml`,
  ...extra,
});

function renderThread(messages: Message[]) {
  return render(
    <CompanyIdProvider companyId={COMPANY}>
      <MessageThread messages={messages} hasOlder={false} loadingOlder={false} onLoadOlder={() => {}} sentCount={0} />
    </CompanyIdProvider>,
  );
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe("an email message in the thread", () => {
  it("shows the subject once for the thread, the new text in the bubble, and the addresses on demand", async () => {
    const user = userEvent.setup();
    renderThread([
      nextMessage({ id: MESSAGE_ID, content: "Hello, prices please.", email: email() }),
      nextMessage({
        senderType: "ai",
        senderName: "Sofía",
        content: "Here they are.",
        createdAt: "2026-11-20T10:02:00.000Z",
        email: email({
          subject: "Re: Pallet prices",
          from: "support@northwind.example",
          to: ["ana@shop.example"],
          cc: [],
          quotedText: null,
          html: null,
          originalUrl: null,
        }),
      }),
    ]);
    expect(screen.getAllByTestId("email-subject").map((item) => item.textContent)).toEqual(["Subject: Pallet prices"]);
    const [customer, reply] = screen.getAllByTestId("message") as [HTMLElement, HTMLElement];
    expect(within(customer).getByTestId("message-content")).toHaveTextContent("Hello, prices please.");
    // Addresses only when asked for.
    expect(within(customer).queryByTestId("email-addresses")).not.toBeInTheDocument();
    const toggle = within(customer).getByRole("button", { name: "From / To" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    const addresses = within(customer).getByTestId("email-addresses");
    expect(addresses).toHaveTextContent('From"Ana Rivera" <ana@shop.example>');
    expect(addresses).toHaveTextContent("Tonorthwind-k2m9ab@mail.foreman.example");
    expect(addresses).toHaveTextContent("Ccbuyer@shop.example");
    expect(within(customer).getByRole("button", { name: "Hide addresses" })).toHaveAttribute("aria-expanded", "true");
    // A sent reply has no original, no quoted part and no HTML to offer.
    expect(within(reply).queryByRole("button", { name: "Download original" })).not.toBeInTheDocument();
    expect(within(reply).queryByRole("button", { name: "Show quoted text" })).not.toBeInTheDocument();
    expect(within(reply).queryByRole("button", { name: "View formatted" })).not.toBeInTheDocument();
  });

  it("expands the quoted text the AI did not read", async () => {
    const user = userEvent.setup();
    renderThread([nextMessage({ content: "Hello", email: email() })]);
    expect(screen.queryByTestId("email-quoted-text")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show quoted text" }));
    expect(screen.getByTestId("email-quoted-text")).toHaveTextContent("> Our prices are attached.");
    await user.click(screen.getByRole("button", { name: "Hide quoted text" }));
    expect(screen.queryByTestId("email-quoted-text")).not.toBeInTheDocument();
  });

  it("renders the formatted mail in a frame that can run nothing and load nothing from the network", async () => {
    const user = userEvent.setup();
    renderThread([nextMessage({ content: "Hello", email: email() })]);
    await user.click(screen.getByRole("button", { name: "View formatted" }));
    const frame = await screen.findByTitle("Formatted mail: Pallet prices");
    expect(frame.tagName).toBe("IFRAME");
    // Sandboxed with no permission at all: no scripts, no same origin, no forms, popups or navigation.
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
    expect(frame).not.toHaveAttribute("src");
    const doc = frame.getAttribute("srcdoc") ?? "";
    // The policy comes first, before any of the mail's markup.
    expect(doc.indexOf(`<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`)).toBeGreaterThan(0);
    expect(doc.indexOf("Content-Security-Policy")).toBeLessThan(doc.indexOf("<body>"));
    expect(FRAME_CSP).toBe("default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'");
    expect(doc).toContain("<p>Hello, <b>prices</b> please.</p>");
    // Nothing of it reached this document.
    expect((window as Window & { __pwned?: number }).__pwned).toBeUndefined();
    expect(document.querySelector('img[src^="https://tracker.example"]')).toBeNull();
    await user.click(screen.getByRole("button", { name: "Hide formatted" }));
    expect(screen.queryByTitle("Formatted mail: Pallet prices")).not.toBeInTheDocument();
  });

  it("says why an automated mail was not answered, and lists the attachments left out", () => {
    renderThread([
      nextMessage({
        content: "I am out of the office until Monday.",
        email: email({
          automated: "auto_reply",
          skippedAttachments: ["invoice.exe: not a type we keep", "scan.pdf: larger than 10 MB"],
        }),
      }),
    ]);
    expect(screen.getByTestId("email-automated")).toHaveTextContent(
      "Automated: An automatic reply (out of office or autoresponder). Not answered by the AI.",
    );
    const skipped = screen.getByTestId("email-skipped-attachments");
    expect(skipped).toHaveTextContent("2 attachments left out:");
    expect(
      within(skipped)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["invoice.exe: not a type we keep", "scan.pdf: larger than 10 MB"]);
  });

  it("downloads the original with the session and the company, as a .eml file", async () => {
    api.routes[`GET /app/email_messages/${MESSAGE_ID}/original.eml`] = (_req, res) => {
      res.writeHead(200, { "content-type": "message/rfc822" });
      res.end("From: ana@shop.example\r\nSubject: Pallet prices\r\n\r\nHello");
    };
    const saved: { blob: Blob; name: string }[] = [];
    let pending: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      pending = blob;
      return "blob:original";
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (pending) saved.push({ blob: pending, name: this.download });
    });
    const user = userEvent.setup();
    renderThread([nextMessage({ id: MESSAGE_ID, content: "Hello", email: email() })]);
    await user.click(screen.getByRole("button", { name: "Download original" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe("message-5d0c2a9e.eml");
    expect(await saved[0]!.blob.text()).toContain("Subject: Pallet prices");
    const request = api.requests.find((item) => item.path.endsWith("/original.eml"))!;
    expect(request.headers["x-company-id"]).toBe(COMPANY);
    expect(request.headers.authorization).toBe("Bearer tok");
  });

  it("says so when the original could not be downloaded", async () => {
    const user = userEvent.setup();
    renderThread([nextMessage({ id: MESSAGE_ID, content: "Hello", email: email() })]);
    await user.click(screen.getByRole("button", { name: "Download original" }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.title)).toContain("The original could not be downloaded"),
    );
    expect(screen.getByRole("button", { name: "Download original" })).toBeEnabled();
  });
});
