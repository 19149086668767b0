import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ErrorScreen } from "./error-screen.tsx";

describe("ErrorScreen", () => {
  it("apologises, offers Retry that calls reset, and reveals the technical details on demand", async () => {
    const user = userEvent.setup();
    const reset = vi.fn();
    const error = Object.assign(new Error("Departments exploded"), {
      componentStack: "\n    at DepartmentRail\n    at AppShell",
    });
    error.stack = "Error: Departments exploded\n    at load (api.ts:1:1)";

    render(<ErrorScreen error={error} reset={reset} />);

    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("We're sorry, but something unexpected happened. Please try again.")).toBeInTheDocument();
    expect(screen.queryByText("Departments exploded")).not.toBeInTheDocument();

    const toggle = screen.getByRole("button", { name: "Error details" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Departments exploded")).toBeInTheDocument();
    expect(screen.getByText(/at load \(api\.ts:1:1\)/)).toBeInTheDocument();
    expect(screen.getByText(/at DepartmentRail/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("takes the component stack from the router's info and describes non-Error values", async () => {
    const user = userEvent.setup();
    render(<ErrorScreen error={{ status: 500 }} reset={() => {}} info={{ componentStack: "at OrdersPage" }} />);
    await user.click(screen.getByRole("button", { name: "Error details" }));
    expect(screen.getByText('{"status":500}')).toBeInTheDocument();
    expect(screen.getByText("at OrdersPage")).toBeInTheDocument();
  });
});
