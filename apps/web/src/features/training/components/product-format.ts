import type { Product } from "@foreman/contract";

// Prices are shown with their cents ("$18.50"), unlike the dashboards' rounded figures.
const priceFormatters = new Map<string, Intl.NumberFormat>();

export function formatPrice(cents: number, currency: string): string {
  let formatter = priceFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    priceFormatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** "12 in stock", "Out of stock", or "Not tracked"; `available` says whether it can be had now. */
export function describeStock(product: Pick<Product, "stock">): string {
  if (product.stock === null) return "Stock not tracked";
  if (product.stock === 0) return "Out of stock";
  return `${product.stock.toLocaleString("en-US")} in stock`;
}

/** "18.50" from 1850 cents, for the price field. */
export const centsToText = (cents: number) => (cents / 100).toFixed(2);

/** Cents from what was typed ("18", "18.5", "1,018.50"), or null when it is not a price. */
export function textToCents(text: string): number | null {
  const clean = text.replaceAll(",", "").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}
