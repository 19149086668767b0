import { type ConversationsSearch, parseConversationsSearch } from "@foreman/contract";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  useNavigate,
  useSearch,
} from "@tanstack/react-router";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ConversationFilterPanel } from "./conversation-filters.tsx";

// The filter panel wired to the address the way the conversations route wires it: chips and the search
// write the URL (a new filter drops the page), and the URL drives what the panel shows.

function renderPanel(path = "/conversations") {
  window.scrollTo = () => {};
  const root = createRootRoute();
  const list = createRoute({
    getParentRoute: () => root,
    path: "/conversations",
    validateSearch: parseConversationsSearch,
    component: function Panel() {
      // This router is not the app's registered one: its hooks are used untyped.
      const search = useSearch({ strict: false }) as ConversationsSearch;
      const navigate = useNavigate();
      return (
        <ConversationFilterPanel
          filters={search}
          onChange={(change) =>
            void navigate({
              to: "/conversations",
              search: (prev: ConversationsSearch) => ({ ...prev, ...change, page: undefined }),
            } as never)
          }
        />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([list]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return { router, search: () => router.state.location.search as ConversationsSearch };
}

/** The router renders asynchronously: wait for the panel. */
const ready = () => screen.findByRole("group", { name: "Stage" });

const group = (name: string) => screen.getByRole("group", { name });

describe("ConversationFilterPanel and the address", () => {
  it("shows the filters the address holds, and All where it holds none", async () => {
    renderPanel("/conversations?stage=won&channel=sms");
    await ready();
    expect(within(group("Stage")).getByRole("button", { name: "Won" })).toHaveAttribute("aria-pressed", "true");
    expect(within(group("Channel")).getByRole("button", { name: "SMS" })).toHaveAttribute("aria-pressed", "true");
    expect(within(group("Status")).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
  });

  it("writes a chosen chip into the address, drops the page, and choosing it again goes back to all", async () => {
    const user = userEvent.setup();
    const { search } = renderPanel("/conversations?page=3");
    await ready();
    await user.click(within(group("Stage")).getByRole("button", { name: "Quote sent" }));
    expect(search()).toMatchObject({ stage: "quoted" });
    expect(search().page).toBeUndefined();

    await user.click(within(group("Channel")).getByRole("button", { name: "WhatsApp" }));
    await user.click(within(group("Status")).getByRole("button", { name: "Pending" }));
    expect(search()).toMatchObject({ stage: "quoted", channel: "whatsapp", status: "pending" });

    await user.click(within(group("Stage")).getByRole("button", { name: "Quote sent" }));
    expect(search().stage).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(Object.values(search()).filter((value) => value !== undefined)).toEqual([]);
  });

  it("applies the search once typing pauses, trimmed, and at once on Enter", async () => {
    const user = userEvent.setup();
    const { search } = renderPanel();
    const box = await screen.findByRole("searchbox", { name: "Search conversations" });
    // One change at once (typing key by key on a slow machine could pause past the debounce).
    fireEvent.change(box, { target: { value: "  acme " } });
    expect(search().q).toBeUndefined();
    // Applied once the pause has passed: waited for, as a sleep of the pause's length can end before the
    // navigation it starts has finished on a busy machine.
    await waitFor(() => expect(search().q).toBe("acme"));

    await user.clear(box);
    await user.type(box, "#42{Enter}");
    expect(search().q).toBe("#42");
  });

  it("shows the address's search again when the address changes underneath (back)", async () => {
    const user = userEvent.setup();
    const { router } = renderPanel("/conversations?q=first");
    const box = await screen.findByRole("searchbox", { name: "Search conversations" });
    expect(box).toHaveValue("first");
    // One change, then Enter: typed key by key, a pause past the debounce on a busy machine would add
    // an address for each part typed ("", "sec"…), and back would land on one of those.
    fireEvent.change(box, { target: { value: "second" } });
    await user.type(box, "{Enter}");
    expect(router.state.location.search).toMatchObject({ q: "second" });
    await act(() => router.history.back());
    await screen.findByDisplayValue("first");
  });
});
