import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChartSlot } from "./chart-slot.tsx";

// A chart draws once its slot nears the screen; until then its place holds a skeleton of its size.

type Callback = (entries: Pick<IntersectionObserverEntry, "isIntersecting">[]) => void;

/** The browser's observer, played by the test: it says when the slot comes near. */
function observeByHand() {
  const observers: { callback: Callback; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  return observers;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ChartSlot", () => {
  it("draws the chart only when the slot comes near the screen", () => {
    const observers = observeByHand();
    render(
      <ChartSlot height={240}>
        <p>The chart</p>
      </ChartSlot>,
    );
    expect(screen.queryByText("The chart")).not.toBeInTheDocument();
    expect(screen.getByTestId("chart-slot")).toHaveStyle({ height: "240px" });
    expect(observers[0]?.options?.rootMargin).toBe("400px 0px");

    act(() => observers[0]?.callback([{ isIntersecting: false }]));
    expect(screen.queryByText("The chart")).not.toBeInTheDocument();
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(screen.getByText("The chart")).toBeInTheDocument();
  });

  it("draws every chart before the page is printed", () => {
    observeByHand();
    render(
      <ChartSlot height={240}>
        <p>The chart</p>
      </ChartSlot>,
    );
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    expect(screen.getByText("The chart")).toBeInTheDocument();
  });

  it("draws at once where nearness cannot be told", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <ChartSlot height={240}>
        <p>The chart</p>
      </ChartSlot>,
    );
    expect(screen.getByText("The chart")).toBeInTheDocument();
  });
});
