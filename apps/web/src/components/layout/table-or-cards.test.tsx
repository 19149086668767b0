import { render, screen } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { TableOrCards } from "./table-or-cards.tsx";

// One of the two is drawn, chosen by the list's own width (or the window's), before the first paint.

function atWindowWidth(width: number) {
  const before = window.innerWidth;
  window.innerWidth = width;
  onTestFinished(() => {
    window.innerWidth = before;
  });
}

const draw = (by: "list" | "window") =>
  render(<TableOrCards by={by} table={<table aria-label="As a table" />} cards={<li>A card</li>} />);

describe("TableOrCards", () => {
  it("draws the table alone in a wide window", () => {
    atWindowWidth(1440);
    draw("list");
    expect(screen.getByRole("table", { name: "As a table" })).toBeInTheDocument();
    expect(screen.queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("draws the cards alone on a phone, whichever width decides", () => {
    atWindowWidth(375);
    draw("list");
    expect(screen.getByRole("listitem")).toHaveTextContent("A card");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    draw("window");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });

  it("draws cards when a wide window leaves the list too little room (a sidebar open)", () => {
    atWindowWidth(1280);
    const spy = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 700, 400));
    onTestFinished(() => spy.mockRestore());
    draw("list");
    expect(screen.getByRole("listitem")).toHaveTextContent("A card");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("keeps the window's answer for the window's breakpoint, whatever the list's width", () => {
    atWindowWidth(1280);
    const spy = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 700, 400));
    onTestFinished(() => spy.mockRestore());
    draw("window");
    expect(screen.getByRole("table", { name: "As a table" })).toBeInTheDocument();
  });
});
