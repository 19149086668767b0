import type { PendingReply } from "@foreman/contract";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AgentReplyNotice, replyNotice } from "./agent-reply-notice.tsx";

const pending = (overrides: Partial<PendingReply>): PendingReply => ({
  messageId: "m1",
  state: "queued",
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  ...overrides,
});

describe("AgentReplyNotice", () => {
  it("says nothing while replies are merely queued or running", () => {
    expect(replyNotice([])).toBeNull();
    expect(replyNotice([pending({}), pending({ state: "running" })])).toBeNull();
    const { container } = render(<AgentReplyNotice pending={[pending({ state: "running" })]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("says a reply is delayed, with the last error", () => {
    render(
      <AgentReplyNotice
        pending={[pending({ attempts: 1, lastError: "The model provider did not answer within 30 s" })]}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "The AI reply to a message is delayed: The model provider did not answer within 30 s",
    );
  });

  it("asks staff to answer when a reply failed for good, before any delay", () => {
    render(
      <AgentReplyNotice
        pending={[
          pending({ lastError: "Timed out" }),
          pending({ messageId: "m2", state: "failed", attempts: 5, lastError: "Timed out" }),
        ]}
      />,
    );
    const notice = screen.getByRole("status");
    expect(notice).toHaveAttribute("data-kind", "failed");
    expect(notice).toHaveTextContent("The AI employee could not answer; answer the customer yourself.");
  });
});
