import type { ConversationListItem } from "@foreman/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import { renderWithRouter } from "#web/test/render-with-router.tsx";
import { InboxRow } from "../inbox/components/inbox-row.tsx";
import { ConversationsList } from "./conversations-list.tsx";

// The lists name what an email conversation is about: its subject, beside the email channel's icon.

const item = (extra: Partial<ConversationListItem> = {}): ConversationListItem => ({
  id: "c1",
  channel: "email",
  status: "open",
  handledBy: "ai",
  customer: { id: "p1", fullName: "Ana Rivera", organization: "Shop Example" },
  lead: null,
  aiEmployee: { id: "e1", name: "Sofía" },
  lastMessage: null,
  subject: "Pallet prices for the Lyon warehouse",
  lastActivityAt: "2026-11-20T10:00:00.000Z",
  createdAt: "2026-11-20T10:00:00.000Z",
  displayId: 42,
  inboxId: 1,
  accountId: 7,
  ...extra,
});

describe("an email conversation in the lists", () => {
  const twoConversations = [
    item(),
    item({ id: "c2", channel: "whatsapp", subject: "Not shown", customer: null, displayId: 43 }),
  ];

  it("shows its subject in the table; other channels show none", async () => {
    renderWithRouter(<ConversationsList conversations={twoConversations} />);
    const rows = await screen.findAllByTestId("conversation-row");
    expect(within(rows[0]!).getByTestId("channel-icon")).toHaveAttribute("data-channel", "email");
    expect(within(rows[0]!).getByTestId("conversation-subject")).toHaveTextContent(
      "Subject: Pallet prices for the Lyon warehouse",
    );
    expect(within(rows[1]!).queryByTestId("conversation-subject")).not.toBeInTheDocument();
    // The table alone: the phone's cards are not drawn beside it.
    expect(screen.queryByTestId("conversation-card")).not.toBeInTheDocument();
  });

  it("shows its subject on a phone's cards, and no table", async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    onTestFinished(() => {
      window.innerWidth = width;
    });
    renderWithRouter(<ConversationsList conversations={twoConversations} />);
    const cards = await screen.findAllByTestId("conversation-card");
    expect(screen.queryByTestId("conversation-row")).not.toBeInTheDocument();
    const subject = within(cards[0]!).getByTestId("conversation-subject");
    expect(subject).toHaveTextContent("Pallet prices for the Lyon warehouse");
    // One line: the whole subject in its tooltip.
    expect(subject).toHaveClass("truncate");
    expect(subject).toHaveAttribute("title", "Pallet prices for the Lyon warehouse");
    expect(within(cards[1]!).queryByTestId("conversation-subject")).not.toBeInTheDocument();
  });

  it("shows its subject in the inbox row", async () => {
    renderWithRouter(
      <ul>
        <InboxRow item={item()} selected={false} now={new Date("2026-11-20T12:00:00.000Z")} />
        <InboxRow
          item={item({ id: "c3", subject: null })}
          selected={false}
          now={new Date("2026-11-20T12:00:00.000Z")}
        />
      </ul>,
    );
    const rows = await screen.findAllByTestId("inbox-row");
    expect(within(rows[0]!).getByTestId("inbox-row-subject")).toHaveTextContent("Pallet prices for the Lyon warehouse");
    expect(within(rows[0]!).getByTestId("inbox-row-subject")).toHaveAttribute(
      "title",
      "Pallet prices for the Lyon warehouse",
    );
    expect(within(rows[1]!).queryByTestId("inbox-row-subject")).not.toBeInTheDocument();
  });
});
