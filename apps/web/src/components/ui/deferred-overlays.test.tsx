import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { tooltipConfig } from "#web/lib/config.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";

// Each test starts from a fresh module registry, so the overlay kit has not been fetched yet — as
// on a cold page load. Every test ends with the kit in (a fetched kit stops watching the page).
let overlays: typeof import("./deferred-overlays.ts");
let menu: typeof import("./lazy-dropdown-menu.tsx");
let tooltip: typeof import("./lazy-tooltip.tsx");

beforeEach(async () => {
  vi.resetModules();
  overlays = await import("./deferred-overlays.ts");
  menu = await import("./lazy-dropdown-menu.tsx");
  tooltip = await import("./lazy-tooltip.tsx");
});

function KitState() {
  return <output aria-label="kit">{overlays.useOverlayKit() ? "in" : "not in"}</output>;
}

function renderMenu(onSelect = vi.fn()) {
  const {
    LazyDropdownMenu,
    LazyDropdownMenuContent,
    LazyDropdownMenuItem,
    LazyDropdownMenuLabel,
    LazyDropdownMenuTrigger,
  } = menu;
  render(
    <>
      <KitState />
      <LazyDropdownMenu>
        <LazyDropdownMenuTrigger aria-label="Account menu">AR</LazyDropdownMenuTrigger>
        <LazyDropdownMenuContent>
          <LazyDropdownMenuLabel>Account</LazyDropdownMenuLabel>
          <LazyDropdownMenuItem onSelect={onSelect}>Profile</LazyDropdownMenuItem>
          <LazyDropdownMenuItem>Sign out</LazyDropdownMenuItem>
        </LazyDropdownMenuContent>
      </LazyDropdownMenu>
    </>,
  );
  return onSelect;
}

describe("LazyDropdownMenu", () => {
  it("starts as a plain menu button and opens with a single click once the kit arrives", async () => {
    const user = userEvent.setup();
    const onSelect = renderMenu();
    const trigger = screen.getByRole("button", { name: "Account menu" });
    expect(screen.getByLabelText("kit")).toHaveTextContent("not in");
    expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();

    // The kit arrives only after the whole click (as on a slow network): Testing Library's click keeps
    // pressing the element it started with, where a browser would press whatever is under the pointer.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    vi.doMock("./overlay-kit.tsx", async (importOriginal) => {
      await arrived;
      return importOriginal();
    });
    await user.click(trigger);
    expect(screen.getByLabelText("kit")).toHaveTextContent("not in");
    arrive();
    const opened = await screen.findByRole("menu", {}, overlayKitWait);
    vi.doUnmock("./overlay-kit.tsx");
    expect(screen.getByLabelText("kit")).toHaveTextContent(/^in$/);
    expect(within(opened).getByText("Account")).toBeInTheDocument();
    // (A modal menu hides the rest of the page from assistive technology while it is open.)
    expect(screen.getByRole("button", { name: "Account menu", hidden: true })).toHaveAttribute("aria-expanded", "true");

    await user.click(within(opened).getByRole("menuitem", { name: "Profile" }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Account menu" })).toHaveFocus();
  });

  it("opened with Enter before the kit is in, focuses the first item like Radix does", async () => {
    renderMenu();
    const trigger = screen.getByRole("button", { name: "Account menu" });
    // Focus warms the kit; the key lands in the same moment, before it can have arrived.
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: "Enter" });
    fireEvent.keyUp(trigger, { key: "Enter" });
    expect(screen.getByLabelText("kit")).toHaveTextContent("not in");

    await screen.findByRole("menu", {}, overlayKitWait);
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Profile" })).toHaveFocus());
  });
});

describe("LazyTooltip", () => {
  it("keeps keyboard focus on the trigger when the kit arrives, and shows the tooltip", async () => {
    const { LazyTooltip } = tooltip;
    render(
      <LazyTooltip content="AI Ventas" side="right">
        <a href="/sales" aria-label="AI Ventas">
          V
        </a>
      </LazyTooltip>,
    );
    act(() => screen.getByRole("link", { name: "AI Ventas" }).focus());
    expect(await screen.findByRole("tooltip", {}, overlayKitWait)).toHaveTextContent("AI Ventas");
    expect(screen.getByRole("link", { name: "AI Ventas" })).toHaveFocus();
  });

  it("waits for a held press to be let go, so the click still reaches the trigger", async () => {
    const { LazyTooltip } = tooltip;
    const onClick = vi.fn();
    render(
      <>
        <KitState />
        <LazyTooltip content="Sign out">
          <button type="button" aria-label="Sign out" onClick={onClick}>
            ×
          </button>
        </LazyTooltip>
      </>,
    );
    const button = screen.getByRole("button", { name: "Sign out" });
    fireEvent.pointerOver(button);
    fireEvent.pointerDown(button);
    // The kit has arrived, but the button the user is pressing is not replaced under them.
    await import("./overlay-kit.tsx");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText("kit")).toHaveTextContent("not in");

    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByLabelText("kit")).toHaveTextContent(/^in$/));
  });

  it("shares the skip delay: right after one tooltip closes, the next opens at once", async () => {
    const { LazyTooltip } = tooltip;
    render(
      <>
        <LazyTooltip content="Inbox" side="right">
          <button type="button">Inbox</button>
        </LazyTooltip>
        <LazyTooltip content="Orders" side="right">
          <button type="button">Orders</button>
        </LazyTooltip>
      </>,
    );
    await overlays.loadOverlayKit();
    const inbox = screen.getByRole("button", { name: "Inbox" });
    const orders = screen.getByRole("button", { name: "Orders" });
    // Both are Radix tooltips now (their triggers carry Radix's state).
    await waitFor(() => expect(orders).toHaveAttribute("data-state", "closed"));
    // On a clock of the test's own: how fast a busy machine runs must not decide what counts as "at once"
    // (it was the next tooltip within 200 ms) or as "within the skip delay" (300 ms between the two).
    // Testing Library's async helpers and user-event wait on timers, so the pointer moves are fireEvent's.
    // (jsdom has no PointerEvent, and Radix reads where the pointer left: a MouseEvent carries that.)
    const pointer = (type: string, target: Element) =>
      fireEvent(target, new MouseEvent(type, { bubbles: type !== "pointerleave", clientX: 500, clientY: 10 }));
    vi.useFakeTimers();
    try {
      pointer("pointermove", inbox);
      // The shell's default open delay (700 ms) applies to the first one…
      act(() => vi.advanceTimersByTime(tooltipConfig.defaultDelayMs - 1));
      expect(screen.queryByRole("tooltip", { name: "Inbox" })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole("tooltip", { name: "Inbox" })).toBeInTheDocument();
      // The pointer leaves it, and it closes.
      pointer("pointerleave", inbox);
      pointer("pointermove", document.body);
      expect(screen.queryByRole("tooltip", { name: "Inbox" })).not.toBeInTheDocument();
      // …and the next one, within the skip delay, opens without it.
      act(() => vi.advanceTimersByTime(tooltipConfig.skipDelayMs - 1));
      pointer("pointermove", orders);
      act(() => vi.advanceTimersByTime(0));
      expect(screen.getByRole("tooltip", { name: "Orders" })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
