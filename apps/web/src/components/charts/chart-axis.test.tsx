import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AxisTick, timeAxisInterval } from "./chart-axis.tsx";

describe("timeAxisInterval", () => {
  const days = Array.from({ length: 30 }, (_, day) => `Nov ${day + 1}`);

  it("shows as many labels as fit the chart's width without touching", () => {
    // "Nov 10" is six characters, about 58 px with its gap: four fit a phone's 264 px of axis.
    expect(timeAxisInterval(days, 320)).toBe(7);
    // Sixteen fit a wide chart: every other day.
    expect(timeAxisInterval(days, 1000)).toBe(1);
  });

  it("leaves room for a second value axis", () => {
    // Five labels fit 400 px beside one axis, four beside two.
    expect(timeAxisInterval(days, 400)).toBe(5);
    expect(timeAxisInterval(days, 400, 2)).toBe(7);
  });

  it("spaces long labels further apart", () => {
    const weeks = Array.from({ length: 13 }, (_, week) => `Week of Nov ${week + 1}`);
    // "Week of Nov 13" is fourteen characters: two fit a phone.
    expect(timeAxisInterval(weeks, 320)).toBe(6);
    expect(timeAxisInterval(weeks, 1000)).toBe(1);
  });

  it("shows every label when all fit, and copes with none", () => {
    expect(timeAxisInterval(["Mon", "Tue", "Wed"], 600)).toBe(0);
    expect(timeAxisInterval([], 600)).toBe(0);
  });
});

describe("AxisTick", () => {
  it("draws the formatted value at Recharts' position, in the colour asked for", () => {
    const { container } = render(
      <svg aria-label="An axis">
        <AxisTick
          x={40}
          y={200}
          textAnchor="middle"
          verticalAnchor="start"
          payload={{ value: 1500 }}
          index={2}
          tickFormatter={(value: number, index: number) => `${value / 1000}K #${index}`}
          color="var(--foreground)"
        />
      </svg>,
    );
    const text = container.querySelector("text");
    expect(text).toHaveTextContent("1.5K #2");
    expect(text).toHaveAttribute("x", "40");
    expect(text).toHaveAttribute("dy", "0.71em");
    expect(text).toHaveAttribute("text-anchor", "middle");
    expect(text).toHaveAttribute("fill", "var(--foreground)");
  });
});
