import { render, screen } from "@testing-library/react";
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
});
