import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FullScreenLoading } from "./full-screen-loading.tsx";
import { NotBuiltYet } from "./not-built-yet.tsx";

describe("FullScreenLoading", () => {
  it("announces its title and message as a status", () => {
    render(<FullScreenLoading title="Foreman" message="Loading sales dashboard..." />);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Foreman");
    expect(status).toHaveTextContent("Loading sales dashboard...");
  });
});

describe("NotBuiltYet", () => {
  it("shows the page title and an honest empty state with what will be there", () => {
    render(<NotBuiltYet title="Orders" description="Quotes and orders with PDF downloads." issue={3} />);
    expect(screen.getByRole("heading", { level: 1, name: "Orders" })).toBeInTheDocument();
    expect(screen.getByText("This screen is not built yet.")).toBeInTheDocument();
    expect(screen.getByText("Quotes and orders with PDF downloads.")).toBeInTheDocument();
    expect(screen.getByText("#3")).toBeInTheDocument();
  });
});
