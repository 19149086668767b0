import type { Message } from "@foreman/contract";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { nextMessage as message } from "#web/test/fixtures/messages.ts";
import { MessageThread } from "./message-thread.tsx";

function renderThread(messages: Message[], props: Partial<Parameters<typeof MessageThread>[0]> = {}) {
  return render(
    <MessageThread
      messages={messages}
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={() => {}}
      sentCount={0}
      {...props}
    />,
  );
}

describe("MessageThread", () => {
  it("names each sender once per run, with day separators and the customer, AI and staff sides", () => {
    renderThread([
      message({ createdAt: "2026-11-20T10:00:00.000Z" }),
      message({ createdAt: "2026-11-20T10:01:00.000Z" }),
      message({ senderType: "ai", senderName: "Lucía Fernández", createdAt: "2026-11-20T10:02:00.000Z" }),
      message({ senderType: "staff", senderName: "Dana Ruiz", createdAt: "2026-11-21T09:00:00.000Z" }),
    ]);
    expect(screen.getAllByTestId("day-separator").map((item) => item.textContent)).toEqual([
      "November 20, 2026",
      "November 21, 2026",
    ]);
    expect(screen.getAllByTestId("message-sender").map((item) => item.textContent)).toEqual([
      "Ana Rivera",
      "Lucía Fernández",
      "Dana Ruiz",
    ]);
    const rows = screen.getAllByTestId("message");
    expect(rows.map((row) => row.dataset.senderType)).toEqual(["customer", "customer", "ai", "staff"]);
    expect(within(rows[2]!).getByText("AI employee")).toBeInTheDocument();
    expect(within(rows[3]!).getByText("Staff")).toBeInTheDocument();
  });

  it("shows images as thumbnails and other files as download chips", () => {
    renderThread([
      message({
        content: "Here you go",
        attachments: [
          { id: "a1", url: "/files/a1/k/photo.png", fileName: "photo.png", contentType: "image/png", byteSize: 2048 },
          {
            id: "a2",
            url: "/files/a2/k/quote.pdf",
            fileName: "quote.pdf",
            contentType: "application/pdf",
            byteSize: 3 * 1024 * 1024,
          },
        ],
      }),
    ]);
    expect(screen.getByRole("img", { name: "photo.png" })).toHaveAttribute("src", "/files/a1/k/photo.png");
    const chip = screen.getByTestId("attachment-file");
    expect(chip).toHaveAttribute("href", "/files/a2/k/quote.pdf");
    expect(chip).toHaveAttribute("download", "quote.pdf");
    expect(chip).toHaveTextContent("3 MB");
  });

  it("offers older messages while there are some, and says where the conversation starts", async () => {
    const user = userEvent.setup();
    const onLoadOlder = vi.fn();
    const { rerender } = renderThread([message({})], { hasOlder: true, onLoadOlder });
    await user.click(screen.getByRole("button", { name: "Load older messages" }));
    expect(onLoadOlder).toHaveBeenCalledOnce();
    rerender(
      <MessageThread
        messages={[message({})]}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={onLoadOlder}
        sentCount={0}
      />,
    );
    expect(screen.getByText("Start of the conversation")).toBeInTheDocument();
  });

  it("marks replies the AI runtime wrote and opens their trace from a Trace button", async () => {
    const user = userEvent.setup();
    const onShowTrace = vi.fn();
    renderThread(
      [
        message({ content: "Do you have oak chairs?" }),
        message({ senderType: "ai", senderName: "Lucía Fernández", content: "Yes!", agentRunId: "run-7" }),
        message({ senderType: "ai", senderName: "Lucía Fernández", content: "Written before the runtime" }),
        message({ senderType: "staff", senderName: "Dana Ruiz", content: "Hi" }),
      ],
      { onShowTrace },
    );
    const rows = screen.getAllByTestId("message");
    expect(within(rows[1]!).getByTestId("ai-runtime-badge")).toHaveTextContent("AI runtime");
    for (const row of [rows[0]!, rows[2]!, rows[3]!]) {
      expect(within(row).queryByRole("button", { name: /Trace/ })).not.toBeInTheDocument();
    }
    const trace = within(rows[1]!).getByRole("button", { name: "Trace of this AI reply" });
    trace.focus();
    await user.keyboard("{Enter}");
    expect(onShowTrace).toHaveBeenCalledWith("run-7");
  });

  it("shows no Trace button where nobody opens traces", () => {
    renderThread([message({ senderType: "ai", senderName: "Lucía Fernández", agentRunId: "run-7" })]);
    expect(screen.getByTestId("ai-runtime-badge")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Trace/ })).not.toBeInTheDocument();
  });

  it("shows how far each WhatsApp message got, with a label for each status", () => {
    const statuses = ["pending", "sent", "delivered", "read", "failed"] as const;
    renderThread([
      message({ content: "Hola" }),
      ...statuses.map((status, index) =>
        message({
          senderType: "ai",
          senderName: "Lucía Fernández",
          content: `Reply ${index}`,
          delivery: { status, errorCode: null, error: null },
        }),
      ),
      message({ senderType: "staff", senderName: "Dana Ruiz", content: "Not through WhatsApp" }),
    ]);
    const rows = screen.getAllByTestId("message");
    expect(within(rows[0]!).queryByTestId("delivery-status")).not.toBeInTheDocument();
    expect(within(rows[6]!).queryByTestId("delivery-status")).not.toBeInTheDocument();
    const indicators = rows.slice(1, 6).map((row) => within(row).getByTestId("delivery-status"));
    expect(indicators.map((indicator) => indicator.dataset.status)).toEqual([...statuses]);
    expect(indicators.map((indicator) => indicator.getAttribute("aria-label"))).toEqual([
      "Sending",
      "Sent",
      "Delivered",
      "Read",
      "Not delivered",
    ]);
    expect(screen.getByRole("img", { name: "Read" })).toHaveAttribute("title", "Read");
    // Read in the info colour, a failure in the destructive one; the others quiet.
    expect(indicators[3]).toHaveClass("text-info");
    expect(indicators[4]).toHaveClass("text-destructive");
    expect(indicators[2]).toHaveClass("text-muted-foreground");
    // A failure without a reason from WhatsApp still says it was not delivered.
    expect(within(rows[5]!).getByTestId("delivery-failure")).toHaveTextContent(
      "Not delivered: WhatsApp did not deliver this message.",
    );
  });

  it("says why a message failed, and offers a template when the 24-hour window had closed", async () => {
    const user = userEvent.setup();
    const onSendTemplate = vi.fn();
    renderThread(
      [
        message({
          senderType: "staff",
          senderName: "Dana Ruiz",
          content: "Are you still there?",
          delivery: { status: "failed", errorCode: 131047, error: "More than 24 hours have passed" },
        }),
        message({
          senderType: "staff",
          senderName: "Dana Ruiz",
          content: "Second try",
          createdAt: "2026-11-20T10:30:00.000Z",
          delivery: { status: "failed", errorCode: 131026, error: "Message undeliverable" },
        }),
      ],
      { onSendTemplate },
    );
    const [closed, other] = screen.getAllByTestId("message");
    expect(within(closed!).getByTestId("delivery-failure")).toHaveTextContent(
      "Not delivered: More than 24 hours have passed",
    );
    expect(within(other!).getByTestId("delivery-failure")).toHaveTextContent("Not delivered: Message undeliverable");
    expect(within(other!).queryByRole("button", { name: "Send a template" })).not.toBeInTheDocument();
    const offer = within(closed!).getByRole("button", { name: "Send a template" });
    offer.focus();
    await user.keyboard("{Enter}");
    expect(onSendTemplate).toHaveBeenCalledOnce();
  });

  it("names the template a message was sent as", () => {
    renderThread([
      message({
        senderType: "staff",
        senderName: "Dana Ruiz",
        content: "Hi Ana, your order Q-1042 is ready.",
        templateName: "order_ready",
        delivery: { status: "delivered", errorCode: null, error: null },
      }),
    ]);
    expect(screen.getByTestId("template-caption")).toHaveTextContent("Template · order_ready");
    expect(screen.getByRole("img", { name: "Delivered" })).toBeInTheDocument();
  });
});
