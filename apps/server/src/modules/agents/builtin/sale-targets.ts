import { unitFit } from "../text/units.ts";
import type { Found, Looked, SalesInput } from "./sale-types.ts";
import type { SalesCues } from "./sales-cues.ts";

// Which product a count or a pick is about when the message names none: "make it 15", "I'll take 5
// cases", "the cheaper one", read against what is under discussion (the last reply's offer, the quote).

export function pickOne(options: Found[], pick: NonNullable<SalesCues["pick"]>): Found | null {
  if (options.length === 0) return null;
  if (pick === "first") return options[0]!;
  if (pick === "second") return options[1] ?? null;
  if (pick === "last") return options.at(-1)!;
  const sorted = [...options].sort((a, b) => a.unitPriceCents - b.unitPriceCents);
  return pick === "cheaper" ? sorted[0]! : sorted.at(-1)!;
}

export /** The products under discussion (offered by the last reply, on the quote) sold in a unit, best fit first. */
function inPlayByUnit(
  unit: string,
  input: SalesInput,
  offered: Found[],
  known: Map<string, Found>,
  except = new Set<string>(),
): Found[] {
  const quoteSkus = input.hints.openQuote?.items.map((item) => item.sku) ?? [];
  const inPlay = [
    ...new Map(
      [...offered, ...quoteSkus.map((sku) => known.get(sku)).filter((p): p is Found => !!p)].map((p) => [p.sku, p]),
    ).values(),
  ].filter((p) => !except.has(p.sku));
  for (const fit of [1, 0.5]) {
    const fitting = inPlay.filter((p) => unitFit(unit, p.measureUnit) >= fit);
    if (fitting.length > 0) {
      const last = fitting.filter((p) => offered.some((o) => o.sku === p.sku));
      return fitting.length > 1 && last.length === 1 ? last : fitting;
    }
  }
  return [];
}

/**
 * Which product a bare count is about: one under discussion sold in the unit said, the quote's only
 * line, or what the last reply offered; products named in the same message are not it.
 */
export function countTarget(
  unit: string | null,
  input: SalesInput,
  offered: Found[],
  known: Map<string, Found>,
  named: Found[],
  except = new Set<string>(),
): Found | "ambiguous" | null {
  if (unit) {
    const fitting = inPlayByUnit(unit, input, offered, known, except);
    if (fitting.length === 1) return fitting[0]!;
    if (fitting.length > 1) return "ambiguous";
    // "5 rolls" with nothing under discussion: the products sold by the roll.
    const byUnit = named.filter((p) => unitFit(unit, p.measureUnit) === 1 && !except.has(p.sku));
    if (byUnit.length === 1) return byUnit[0]!;
    if (byUnit.length > 1) return "ambiguous";
  }
  const quoteSkus = (input.hints.openQuote?.items.map((item) => item.sku) ?? []).filter((sku) => !except.has(sku));
  const stillOffered = offered.filter((p) => !except.has(p.sku));
  if (input.conversation.askedHowMany && stillOffered.length === 1) return stillOffered[0]!;
  if (quoteSkus.length === 1)
    return (
      known.get(quoteSkus[0]!) ?? {
        sku: quoteSkus[0]!,
        name: quoteSkus[0]!,
        measureUnit: "unit",
        price: "",
        unitPriceCents: 0,
      }
    );
  if (stillOffered.length === 1) return stillOffered[0]!;
  if (quoteSkus.length + stillOffered.length > 1) return "ambiguous";
  return null;
}

export function unitOptions(unit: string | null, looked: Looked, offered: Found[], known: Map<string, Found>): Found[] {
  const pool = [
    ...new Map([...offered, ...looked.context, ...looked.named, ...looked.byUnit].map((p) => [p.sku, p])).values(),
  ];
  const fitting = unit ? pool.filter((p) => unitFit(unit, p.measureUnit) > 0) : pool;
  return (fitting.length > 1 ? fitting : pool).slice(0, 4).map((p) => known.get(p.sku) ?? p);
}
