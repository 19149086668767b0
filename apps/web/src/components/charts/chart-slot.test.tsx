import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChartSlot, useChartWidth } from "./chart-slot.tsx";

// A chart draws once its slot nears the screen; until then its place holds a skeleton of its size.

type Entry = { isIntersecting: boolean; boundingClientRect: { width: number } };
type Callback = (entries: Entry[]) => void;

/** A chart that says the width it was given, as the time axes read it. */
function WidthProbe() {
  return <p>The chart, {useChartWidth()} px wide</p>;
}

const near = (width: number): Entry => ({ isIntersecting: true, boundingClientRect: { width } });
const far: Entry = { isIntersecting: false, boundingClientRect: { width: 0 } };

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

    act(() => observers[0]?.callback([far]));
    expect(screen.queryByText("The chart")).not.toBeInTheDocument();
    act(() => observers[0]?.callback([near(480)]));
    expect(screen.getByText("The chart")).toBeInTheDocument();
  });

  it("gives the chart the slot's width, and a phone's where there is no layout", () => {
    const observers = observeByHand();
    render(
      <>
        <ChartSlot height={240} testId="wide">
          <WidthProbe />
        </ChartSlot>
        <ChartSlot height={240} testId="unlaid">
          <WidthProbe />
        </ChartSlot>
      </>,
    );
    act(() => observers[0]?.callback([near(480)]));
    act(() => observers[1]?.callback([near(0)]));
    expect(screen.getByTestId("wide")).toHaveTextContent("The chart, 480 px wide");
    expect(screen.getByTestId("unlaid")).toHaveTextContent("The chart, 320 px wide");
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
