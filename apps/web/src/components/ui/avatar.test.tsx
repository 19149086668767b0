import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "./avatar.tsx";

const fallback = () => document.querySelector('[data-slot="avatar-fallback"]');
const image = () => document.querySelector<HTMLImageElement>('[data-slot="avatar-image"]');

function renderAvatar(src: string | null) {
  return render(
    <Avatar>
      {src ? <AvatarImage src={src} /> : null}
      <AvatarFallback>
        <AvatarInitials value="AR" />
      </AvatarFallback>
    </Avatar>,
  );
}

describe("Avatar", () => {
  it("shows the initials when there is no image", () => {
    renderAvatar(null);
    expect(fallback()).toBeInTheDocument();
    expect(fallback()?.querySelector("[data-initials]")).toHaveAttribute("data-initials", "AR");
    expect(image()).not.toBeInTheDocument();
  });

  it("keeps the initials until the image has loaded, then shows only the image", () => {
    renderAvatar("/aiEmployees/sales.svg");
    expect(fallback()).toBeInTheDocument();
    expect(image()).toHaveClass("hidden");

    fireEvent.load(image()!);
    expect(fallback()).not.toBeInTheDocument();
    expect(image()).not.toHaveClass("hidden");
  });

  it("goes back to the initials when the image fails", () => {
    renderAvatar("/missing.png");
    fireEvent.error(image()!);
    expect(image()).not.toBeInTheDocument();
    expect(fallback()).toBeInTheDocument();
  });

  it("paints an image this page has already shown at once when it mounts again", () => {
    const first = renderAvatar("/aiEmployees/support.svg");
    fireEvent.load(image()!);
    first.unmount();

    renderAvatar("/aiEmployees/support.svg");
    expect(image()).not.toHaveClass("hidden");
    expect(fallback()).not.toBeInTheDocument();
  });
});
