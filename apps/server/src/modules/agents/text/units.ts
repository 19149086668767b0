import { plain, stem } from "./words.ts";

// Unit words as customers write them ("rolls", "cajas", "kilos") and as catalogs name a product's unit
// ("roll", "caja", "kg"), folded to one key so "10 rolls" meets a product sold per roll.

const UNIT_WORDS: Record<string, string[]> = {
  roll: ["roll", "rolls", "rollo", "rollos"],
  case: ["case", "cases", "carton", "cartons"],
  box: ["box", "boxes", "caja", "cajas", "cajita", "cajitas"],
  pack: ["pack", "packs", "package", "packages", "packet", "packets", "paquete", "paquetes"],
  unit: ["unit", "units", "piece", "pieces", "pc", "pcs", "ea", "unidad", "unidades", "pieza", "piezas", "u"],
  kg: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramo", "kilogramos"],
  sack: ["bag", "bags", "sack", "sacks", "saco", "sacos", "bolsa", "bolsas"],
  drum: ["drum", "drums", "jug", "jugs", "bidon", "bidones", "garrafa", "garrafas"],
  liter: ["l", "lt", "lts", "liter", "liters", "litre", "litres", "litro", "litros"],
  m2: ["m2", "sqm", "metro", "metros"],
};
/** Units a customer may say for one another: a "case" of wine sold by the "caja", a "box" of tape sold by the case. */
const RELATED: Record<string, string[]> = { case: ["box", "pack"], box: ["case", "pack"], pack: ["box", "case"] };

const UNIT_OF_WORD = new Map(Object.entries(UNIT_WORDS).flatMap(([unit, words]) => words.map((w) => [w, unit])));

/** The unit a word names ("cajas" → "box"), or null. */
export function unitOfWord(word: string): string | null {
  const clean = plain(word);
  // "boxs", "rollos": the stem of a unit word is the unit too.
  return UNIT_OF_WORD.get(clean) ?? UNIT_OF_WORD.get(stem(clean)) ?? null;
}

/** 1 when the unit a customer said is the product's, 0.5 when it is a related one, else 0. */
export function unitFit(said: string, measureUnit: string): number {
  const own = unitOfWord(measureUnit) ?? plain(measureUnit);
  if (said === own) return 1;
  return RELATED[said]?.includes(own) ? 0.5 : 0;
}
