import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "#web/test/render-with-router.tsx";
import TwoFactorGate from "./two-factor-gate.tsx";

const page = <p>The orders page</p>;

describe("the company's two-factor gate", () => {
  it("stands in for the page: who requires it, and the way to the profile", async () => {
    const { router } = renderWithRouter(<TwoFactorGate companyName="Northwind">{page}</TwoFactorGate>, {
      path: "/orders",
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Northwind requires two-factor sign-in" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("The orders page")).not.toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Turn on two-factor sign-in" });
    expect(link).toHaveAttribute("href", "/profile");

    // Where it is turned on, the page itself shows.
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(await screen.findByText("The orders page")).toBeInTheDocument();
    expect(screen.queryByTestId("two-factor-gate")).not.toBeInTheDocument();
  });

  it("lets the profile through", async () => {
    renderWithRouter(<TwoFactorGate companyName="Northwind">{page}</TwoFactorGate>, { path: "/profile" });
    expect(await screen.findByText("The orders page")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /requires two-factor/ })).not.toBeInTheDocument();
  });
});
