import type { SalesRows } from "./seed-sales.ts";

// Small text helpers for the seeded conversations: quantities and money as people write them.

// An email has its own greeting line: "Hi Ana, good to hear…" becomes "Good to hear…", "Hola, ¿venden…" "¿Venden…".
export function withoutGreeting(text: string): string {
  const greeting = /^(Hi|Hello|Hola)( [^\s,]+)?, /.exec(text);
  if (!greeting) return text;
  const rest = text.slice(greeting[0].length);
  const first = rest.startsWith("¿") || rest.startsWith("¡") ? 1 : 0;
  return rest.slice(0, first) + rest.charAt(first).toUpperCase() + rest.slice(first + 1);
}

// Built once: toLocaleString builds a formatter on every call.
const QUANTITY_FORMATS = { en: new Intl.NumberFormat("en-US"), es: new Intl.NumberFormat("es-CL") };
const MEASURES = new Set(["kg", "g", "l", "ml", "mm", "cm", "m", "in", "lb", "oz"]);
const PLURAL_UNITS: Record<string, string> = {
  pack: "packs",
  case: "cases",
  roll: "rolls",
  box: "boxes",
  m2: "m²",
  bidón: "bidones",
  saco: "sacos",
  caja: "cajas",
};

/** "3 cases of packing tape 48mm, 12 × steel shelving unit and 2 rolls of stretch wrap 18in". */
export function wantsText(items: SalesRows["lineItems"], locale: "en" | "es"): string {
  const phrases = items.map((item) => {
    const quantity = Number(item.quantity);
    const amount = QUANTITY_FORMATS[locale].format(quantity);
    const unit = item.measureUnit ?? "unit";
    const name = item.productName.charAt(0).toLowerCase() + item.productName.slice(1);
    if (unit === "unit") {
      // "21 steel shelving units"; a name that does not end in a plain noun keeps the "×".
      if (quantity === 1) return `1 ${name}`;
      const last = name.split(" ").at(-1)!;
      if (locale === "en" && /^[a-z]+$/.test(last) && !MEASURES.has(last))
        return `${amount} ${name}${/(s|x|ch|sh)$/.test(last) ? "es" : "s"}`;
      return `${amount} × ${name}`;
    }
    const units = quantity === 1 ? unit : (PLURAL_UNITS[unit] ?? unit);
    return `${amount} ${units} ${locale === "es" ? "de" : "of"} ${name}`;
  });
  if (phrases.length <= 1) return phrases.join("");
  return `${phrases.slice(0, -1).join(", ")} ${locale === "es" ? "y" : "and"} ${phrases.at(-1)}`;
}

export function itemsText(items: SalesRows["lineItems"], locale: "en" | "es"): string {
  const number = (n: number) => QUANTITY_FORMATS[locale].format(n);
  const shown = items.slice(0, 3).map((item) => `${number(Number(item.quantity))} × ${item.productName}`);
  const more = items.length - shown.length;
  if (more > 0) shown.push(locale === "es" ? `y ${more} más` : `and ${more} more`);
  return shown.join(", ");
}

/** Money in the company's language: "$1,235.40" (en-US), "$1.234.567" (es-CL for pesos). */
export function moneyFormatter(locale: "en" | "es", currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat(locale === "es" ? "es-CL" : "en-US", { style: "currency", currency });
}
