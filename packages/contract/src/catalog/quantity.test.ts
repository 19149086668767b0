import { describe, expect, it } from "vitest";
import { isMeasuredUnit, lineTotalCents, quantityIssue } from "./quantity.ts";

const jack = { sku: "JACK-25", measureUnit: "unit", unitPriceCents: 44_900 };
const sand = { sku: "SAND-KG", measureUnit: "kg", unitPriceCents: 5 };

describe("quantityIssue", () => {
  it("wants whole pieces for units that count pieces", () => {
    expect(quantityIssue(jack, 3)).toBeNull();
    expect(quantityIssue(jack, 0.001)).toBe(
      "JACK-25 is sold by the unit: the quantity must be a whole number of at least 1 (not 0.001).",
    );
    expect(quantityIssue(jack, 2.5)).toContain("whole number");
    for (const unit of ["piece", "box", "Pack", "caja", "saco", "bidón", "roll", "case"])
      expect(quantityIssue({ ...jack, measureUnit: unit }, 1.5), unit).toContain("whole number");
  });

  it("allows thousandths of measured units, but not a line that costs nothing", () => {
    expect(quantityIssue(sand, 2.5)).toBeNull();
    expect(quantityIssue(sand, 0.1)).toBeNull();
    expect(quantityIssue(sand, 0.05)).toBe("0.05 kg of SAND-KG would cost nothing: quote at least 0.1 kg.");
    expect(quantityIssue({ ...sand, unitPriceCents: 1 }, 0.2)).toBe(
      "0.2 kg of SAND-KG would cost nothing: quote at least 0.5 kg.",
    );
    expect(quantityIssue(sand, 1.0005)).toBe("SAND-KG is measured in kg to 3 decimals at most (not 1.0005).");
    for (const unit of ["m2", "M²", "l", "Litros", "hours", "kg."]) expect(isMeasuredUnit(unit), unit).toBe(true);
  });

  it("lets a free product be quoted, and refuses nothing-or-less", () => {
    expect(quantityIssue({ ...sand, unitPriceCents: 0 }, 0.001)).toBeNull();
    expect(quantityIssue(jack, 0)).toBe("The quantity of JACK-25 must be more than 0.");
    expect(quantityIssue(jack, -1)).toContain("more than 0");
    expect(quantityIssue(jack, Number.NaN)).toContain("more than 0");
  });
});

describe("lineTotalCents", () => {
  it("rounds to the cent", () => {
    expect(lineTotalCents(5, 2.5)).toBe(13);
    expect(lineTotalCents(44_900, 3)).toBe(134_700);
  });
});
