import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "#web/lib/api-error.ts";
import { ReplyBox } from "./reply-box.tsx";

describe("ReplyBox", () => {
  it("sends on Enter, makes a new line on Shift+Enter, and empties once sent", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<ReplyBox onSend={onSend} aiHandled aiName="Lucía" />);
    const box = screen.getByRole("textbox", { name: "Reply" });
    await user.type(box, "First line{Shift>}{Enter}{/Shift}second line");
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledWith("First line\nsecond line", []);
    expect(box).toHaveValue("");
    expect(screen.getByText(/Sending takes over from Lucía/)).toBeInTheDocument();
  });

  it("does not send blank text", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<ReplyBox onSend={onSend} aiHandled={false} />);
    await user.type(screen.getByRole("textbox", { name: "Reply" }), "   {Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("locks while sending and keeps the text when sending fails, saying why", async () => {
    const user = userEvent.setup();
    let fail: (error: unknown) => void = () => {};
    const onSend = vi.fn(
      () =>
        new Promise<void>((_, reject) => {
          fail = reject;
        }),
    );
    render(<ReplyBox onSend={onSend} aiHandled={false} />);
    const box = screen.getByRole("textbox", { name: "Reply" });
    await user.type(box, "Can we ship Friday?{Enter}");
    expect(box).toBeDisabled();
    expect(screen.getByRole("button", { name: "Sending…" })).toBeDisabled();

    fail(new ApiError(400, { error: "invalid_request", errorDescription: "Content is too long" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your message was not sent: Content is too long");
    expect(box).toBeEnabled();
    expect(box).toHaveValue("Can we ship Friday?");
  });

  it("attaches allowed files and refuses others, saying why", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<ReplyBox onSend={onSend} aiHandled={false} />);
    const png = new File([new Uint8Array([1, 2, 3])], "photo.png", { type: "image/png" });
    const zip = new File([new Uint8Array([1])], "archive.zip", { type: "application/zip" });
    await user.upload(screen.getByTestId("reply-files"), [png, zip]);
    expect(screen.getByRole("list", { name: "Files to send" })).toHaveTextContent("photo.png");
    expect(screen.getByRole("alert")).toHaveTextContent("archive.zip can't be sent: attach images, PDF or plain text.");

    await user.type(screen.getByRole("textbox", { name: "Reply" }), "See the photo{Enter}");
    expect(onSend).toHaveBeenCalledWith("See the photo", [png]);

    await user.click(screen.getByRole("button", { name: "Attach files" }));
  });

  describe("in a WhatsApp conversation", () => {
    const HOUR = 60 * 60 * 1000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();

    it("says when the reply window closes, and offers a template all the same", async () => {
      const user = userEvent.setup();
      const onSendTemplate = vi.fn();
      const onSend = vi.fn().mockResolvedValue(undefined);
      render(
        <ReplyBox
          onSend={onSend}
          aiHandled={false}
          whatsapp={{ windowOpen: true, windowClosesAt: at(5 * HOUR + 10 * 60_000) }}
          onSendTemplate={onSendTemplate}
        />,
      );
      expect(screen.getByTestId("window-countdown")).toHaveTextContent(/^Reply window closes in 5 h \(.+ at .+\)/);
      expect(screen.queryByTestId("window-closed-notice")).not.toBeInTheDocument();
      await user.type(screen.getByRole("textbox", { name: "Reply" }), "We ship today{Enter}");
      expect(onSend).toHaveBeenCalledWith("We ship today", []);
      await user.click(screen.getByRole("button", { name: "Send a template" }));
      expect(onSendTemplate).toHaveBeenCalledOnce();
    });

    it("allows only a template once the window has closed", async () => {
      const user = userEvent.setup();
      const onSendTemplate = vi.fn();
      const onSend = vi.fn();
      render(
        <ReplyBox
          onSend={onSend}
          aiHandled={false}
          whatsapp={{ windowOpen: false, windowClosesAt: at(-3 * HOUR) }}
          onSendTemplate={onSendTemplate}
        />,
      );
      const notice = screen.getByTestId("window-closed-notice");
      expect(notice).toHaveTextContent(
        "The 24-hour window closed 3 hours ago. WhatsApp only allows an approved template now.",
      );
      const box = screen.getByRole("textbox", { name: "Reply" });
      expect(box).toHaveAccessibleDescription(/WhatsApp only allows an approved template now/);
      await user.type(box, "Are you still there?{Enter}");
      expect(onSend).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
      expect(screen.getByRole("button", { name: "Attach files" })).toBeDisabled();
      expect(screen.queryByTestId("window-countdown")).not.toBeInTheDocument();
      await user.click(within(notice).getByRole("button", { name: "Send a template" }));
      expect(onSendTemplate).toHaveBeenCalledOnce();
    });

    it("treats a window that closed while the page was open as closed", () => {
      render(
        <ReplyBox
          onSend={vi.fn()}
          aiHandled={false}
          whatsapp={{ windowOpen: true, windowClosesAt: at(-60_000) }}
          onSendTemplate={vi.fn()}
        />,
      );
      expect(screen.getByTestId("window-closed-notice")).toHaveTextContent("The 24-hour window closed 1 minute ago.");
    });

    it("keeps the text when the server answers that the window has closed, and offers a template", async () => {
      const user = userEvent.setup();
      const onSendTemplate = vi.fn();
      const closesAt = at(2 * HOUR);
      const onSend = vi.fn().mockRejectedValue(
        new ApiError(409, {
          error: "whatsapp_window_closed",
          errorDescription:
            "More than 24 hours have passed since the customer's last message: WhatsApp allows only a template now",
        }),
      );
      const { rerender } = render(
        <ReplyBox
          onSend={onSend}
          aiHandled={false}
          whatsapp={{ windowOpen: true, windowClosesAt: closesAt }}
          onSendTemplate={onSendTemplate}
        />,
      );
      const box = screen.getByRole("textbox", { name: "Reply" });
      await user.type(box, "Your order ships Monday{Enter}");
      expect(onSend).toHaveBeenCalledOnce();
      const notice = await screen.findByTestId("window-closed-notice");
      expect(notice).toHaveTextContent("WhatsApp only allows an approved template now.");
      expect(box).toHaveValue("Your order ships Monday");
      expect(box).toBeEnabled();
      // Not shown as a failure to send: the notice says what to do.
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      await user.keyboard("{Enter}");
      expect(onSend).toHaveBeenCalledOnce();

      // The customer writes again: a new window, free text again.
      rerender(
        <ReplyBox
          onSend={onSend}
          aiHandled={false}
          whatsapp={{ windowOpen: true, windowClosesAt: at(24 * HOUR) }}
          onSendTemplate={onSendTemplate}
        />,
      );
      expect(screen.queryByTestId("window-closed-notice")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
    });
  });
});
