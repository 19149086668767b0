// How much of a product a quote line may hold. Products sold by the piece (unit, box, pack, …) come in
// whole numbers; products sold by a measure (kg, m, l, hours, …) in steps of a thousandth (the line's
// stored scale). Either way a line must cost something when its product does: 0.001 pallet jacks is not
// a free pallet jack.

/** Units of measure that can be split. Every other unit (unit, piece, box, pack, case, roll, …) counts whole pieces. */
const MEASURED_UNITS = new Set([
  "g",
  "gr",
  "kg",
  "kilo",
  "kilos",
  "kilogram",
  "kilograms",
  "kilogramo",
  "kilogramos",
  "mg",
  "t",
  "ton",
  "tons",
  "tonne",
  "tonelada",
  "toneladas",
  "lb",
  "lbs",
  "oz",
  "m",
  "cm",
  "mm",
  "km",
  "metre",
  "meter",
  "metres",
  "meters",
  "metro",
  "metros",
  "ft",
  "in",
  "yd",
  "m2",
  "m²",
  "sqm",
  "ft2",
  "m3",
  "m³",
  "l",
  "lt",
  "litre",
  "liter",
  "litres",
  "liters",
  "litro",
  "litros",
  "ml",
  "gal",
  "h",
  "hr",
  "hrs",
  "hour",
  "hours",
  "hora",
  "horas",
]);

/** Smallest step of a measured quantity (line_items.quantity has 3 decimals). */
export const QUANTITY_STEP = 0.001;

export function isMeasuredUnit(measureUnit: string): boolean {
  return MEASURED_UNITS.has(measureUnit.trim().toLowerCase().replace(/\.$/, ""));
}

/** A line's total in cents: the catalog price times the quantity, rounded to the cent. */
export function lineTotalCents(unitPriceCents: number, quantity: number): number {
  return Math.round(unitPriceCents * quantity);
}

const shown = (quantity: number) => String(Number(quantity.toFixed(6)));

/**
 * Why this quantity of a product cannot be quoted, or null when it can: whole pieces for a unit that
 * counts pieces, thousandths for a measured one, and a line that costs at least a cent when the product
 * has a price.
 */
export function quantityIssue(
  product: { sku: string; measureUnit: string; unitPriceCents: number },
  quantity: number,
): string | null {
  const { sku, measureUnit, unitPriceCents } = product;
  if (!Number.isFinite(quantity) || quantity <= 0) return `The quantity of ${sku} must be more than 0.`;
  if (!isMeasuredUnit(measureUnit)) {
    if (!Number.isInteger(quantity))
      return `${sku} is sold by the ${measureUnit}: the quantity must be a whole number of at least 1 (not ${shown(quantity)}).`;
    return null;
  }
  const thousandths = quantity / QUANTITY_STEP;
  if (Math.abs(thousandths - Math.round(thousandths)) > 1e-6)
    return `${sku} is measured in ${measureUnit} to 3 decimals at most (not ${shown(quantity)}).`;
  if (unitPriceCents > 0 && lineTotalCents(unitPriceCents, quantity) < 1) {
    // The least quantity, in thousandths, whose line rounds to a cent.
    const least = Math.ceil(0.5 / unitPriceCents / QUANTITY_STEP - 1e-9) * QUANTITY_STEP;
    return `${shown(quantity)} ${measureUnit} of ${sku} would cost nothing: quote at least ${shown(least)} ${measureUnit}.`;
  }
  return null;
}
