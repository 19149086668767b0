import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "#web/components/theme/theme-provider.tsx";
import { type LocalApi, sendJson, startLocalApi } from "#web/test/local-api.ts";
import { StandaloneAuthPages } from "./standalone-auth-pages.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

function renderAt(address: string) {
  // Switching pages scrolls to the top; jsdom only logs "not implemented".
  window.scrollTo = () => {};
  window.history.replaceState(null, "", address);
  const enterApp = vi.fn(async (_href?: string) => {});
  render(
    <ThemeProvider>
      <StandaloneAuthPages enterApp={enterApp} />
    </ThemeProvider>,
  );
  return { enterApp, user: userEvent.setup() };
}

function browserGoesTo(address: string) {
  act(() => {
    window.history.replaceState(null, "", address);
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
}

describe("StandaloneAuthPages", () => {
  it("draws the page of the address with its title, linking to the other one with the same redirect", async () => {
    renderAt("/sign_in?redirect=%2Forders%3Fpage%3D2");
    expect(screen.getByRole("heading", { name: "Sign in to Foreman" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Sign in · Foreman"));
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/sign_up?redirect=%2Forders%3Fpage%3D2",
    );
  });

  it("switches pages in place, and follows the browser's back button", async () => {
    const { user } = renderAt("/sign_up");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
    await user.click(screen.getByRole("link", { name: "Sign in" }));
    expect(window.location.pathname).toBe("/sign_in");
    expect(screen.getByRole("heading", { name: "Sign in to Foreman" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Sign in · Foreman"));
    browserGoesTo("/sign_up");
    expect(screen.getByRole("heading", { name: "Create your Foreman account" })).toBeVisible();
  });

  it("hands any other address over to the app", () => {
    const { enterApp } = renderAt("/sign_in");
    browserGoesTo("/orders");
    expect(enterApp).toHaveBeenCalledWith();
  });

  it("goes on to the redirect once signed in", async () => {
    api.routes["POST /oauth/token.json"] = (_req, res) =>
      sendJson(res, 200, {
        access_token: "tok",
        token_type: "Bearer",
        expires_in: 7200,
        refresh_token: "ref",
        scope: "",
        created_at: Math.floor(Date.now() / 1000),
      });
    const { enterApp, user } = renderAt("/sign_in?redirect=%2Forders");
    await user.type(screen.getByLabelText("Email"), "demo@example.com");
    await user.type(screen.getByLabelText("Password"), "foreman-demo");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith("/orders"));
  });
});
