import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nextTickDelay, useTimeLeft } from "./use-time-left.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe("nextTickDelay", () => {
  it("ticks at the next whole second in the last hour", () => {
    expect(nextTickDelay(12 * MINUTE + 5 * SECOND + 300)).toBe(300 + 20);
    expect(nextTickDelay(HOUR)).toBe(SECOND + 20);
  });

  it("ticks at the next whole minute before that", () => {
    expect(nextTickDelay(2 * HOUR + 5 * MINUTE + 7 * SECOND)).toBe(7 * SECOND + 20);
    expect(nextTickDelay(HOUR + 1)).toBe(1 + 20);
  });

  it("stops once expired", () => {
    expect(nextTickDelay(0)).toBeNull();
    expect(nextTickDelay(-5)).toBeNull();
    expect(nextTickDelay(Number.NaN)).toBeNull();
  });
});

function Countdown({ dueAt }: { dueAt: string }) {
  const left = useTimeLeft(dueAt);
  return <span data-testid="left">{left.label}</span>;
}

describe("useTimeLeft", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("counts down each second in the last hour and ends at Expired", () => {
    render(<Countdown dueAt="2026-11-21T12:00:03Z" />);
    expect(screen.getByTestId("left")).toHaveTextContent("3s left");
    // Each tick lands just after the boundary.
    act(() => vi.advanceTimersByTime(SECOND + 50));
    expect(screen.getByTestId("left")).toHaveTextContent("2s left");
    act(() => vi.advanceTimersByTime(SECOND + 50));
    expect(screen.getByTestId("left")).toHaveTextContent("1s left");
    act(() => vi.advanceTimersByTime(SECOND + 50));
    expect(screen.getByTestId("left")).toHaveTextContent("Expired");
  });

  it("moves a minute at a time while hours remain", () => {
    render(<Countdown dueAt="2026-11-21T14:05:00Z" />);
    expect(screen.getByTestId("left")).toHaveTextContent("2h 05m left");
    act(() => vi.advanceTimersByTime(MINUTE + 50));
    expect(screen.getByTestId("left")).toHaveTextContent("2h 04m left");
  });
});
