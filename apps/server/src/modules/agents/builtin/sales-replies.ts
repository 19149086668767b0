import type { MessageLanguage } from "./intents.ts";

// The built-in engine's sales sentences, in English and Spanish: short, the facts (names, SKUs, prices,
// totals, quote numbers) always from tool results, and one question that moves the sale on. Replies
// that offer products name each one's SKU in brackets: the next turn reads them back (conversation.ts).

export type FoundProduct = { sku: string; name: string; measureUnit: string; price: string };
export type QuoteView = {
  number: string;
  state: string;
  total: string;
  subtotal: string;
  discount_percent: number;
  items: { sku: string; name: string; quantity: number; unit_price: string; total: string }[];
};

/** What the engine's questions say, so the next turn knows what it asked. */
export const ASKED = {
  startOver: ["let's start over", "empecemos de nuevo"],
  which: ["Which one do you mean", "¿Cuál de estos"],
  howMany: ["How many", "¿Cuánt"],
};

const amount = (n: number) => (Number.isInteger(n) ? String(n) : String(n).replace(/0+$/, ""));
const join = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;

const PLURAL_EN: Record<string, string> = { box: "boxes", unit: "units", m2: "m2", kg: "kg" };
const unitEn = (unit: string, n: number) => (n === 1 ? unit : (PLURAL_EN[unit] ?? `${unit}s`));
const unitEs = (unit: string, n: number) =>
  n === 1 || unit === "kg" || unit === "m2" ? unit : /[aeiou]$/.test(unit) ? `${unit}s` : `${unit.replace(/ó/, "o")}es`;

/** "¿Cuántas cajas…", "¿Cuántos sacos…". */
const cuantos = (unit: string) => (/(a|dad)$/.test(unit) ? "¿Cuántas" : "¿Cuántos");

const linesEn = (quote: QuoteView) =>
  quote.items.map((item) => `${amount(item.quantity)} × ${item.name} at ${item.unit_price} = ${item.total}`).join("\n");
const linesEs = (quote: QuoteView) =>
  quote.items.map((item) => `${amount(item.quantity)} × ${item.name} a ${item.unit_price} = ${item.total}`).join("\n");
const discountEn = (quote: QuoteView) =>
  quote.discount_percent > 0 ? ` (${quote.discount_percent}% off ${quote.subtotal})` : "";
const discountEs = (quote: QuoteView) =>
  quote.discount_percent > 0 ? ` (${quote.discount_percent}% de descuento sobre ${quote.subtotal})` : "";

export const SALES_REPLIES = {
  en: {
    hello: (name: string | null) => `Hi${name ? ` ${name.split(" ")[0]}` : ""}! `,
    productLine: (p: FoundProduct) => `${p.name} (${p.sku}) is ${p.price} per ${p.measureUnit}.`,
    howMany: (p: FoundProduct) => `How many ${unitEn(p.measureUnit, 2)} do you need?`,
    howManyOf: (products: FoundProduct[]) =>
      products.length === 1
        ? `How many ${unitEn(products[0]!.measureUnit, 2)} of ${products[0]!.name} do you need?`
        : `How many of each do you need?`,
    which: (options: FoundProduct[]) =>
      `Which one do you mean: ${join(
        options.map((p) => `${p.name} (${p.sku}, ${p.price} per ${p.measureUnit})`),
        "or",
      )}?`,
    draft: (quote: QuoteView) =>
      `I've prepared quote ${quote.number}:\n${linesEn(quote)}\nTotal: ${quote.total}${discountEn(quote)}. Shall I send it to you, or confirm the order?`,
    updated: (quote: QuoteView) =>
      `I've updated quote ${quote.number}:\n${linesEn(quote)}\nTotal: ${quote.total}${discountEn(quote)}. Shall I send it to you, or confirm the order?`,
    sent: (quote: QuoteView) =>
      `Here is your quote ${quote.number}:\n${linesEn(quote)}\nTotal: ${quote.total}${discountEn(quote)}. Shall I confirm the order?`,
    confirmed: (quote: QuoteView) =>
      `Your order ${quote.number} is confirmed:\n${linesEn(quote)}\nTotal: ${quote.total}${discountEn(quote)}. Thank you!`,
    discountApplied: (quote: QuoteView) =>
      `Done: ${quote.discount_percent}% off quote ${quote.number}. The new total is ${quote.total}. Shall I confirm the order?`,
    discountAsked: (percent: number, quote: QuoteView | null) =>
      `A ${percent}% discount is more than I can approve myself, so I've asked my manager${quote ? ` about quote ${quote.number} (${quote.total} for now)` : ""}. I'll get back to you here as soon as I hear back.`,
    orderAsked: (quote: Pick<QuoteView, "number" | "total">) =>
      `I've asked my manager to approve order ${quote.number} (${quote.total}); I'll confirm it here as soon as they do.`,
    nothingToQuote: (limit: number) =>
      `Tell me which products and how many you need and I'll prepare a quote${limit > 0 ? `; I can offer up to ${limit}% off` : ""}.`,
    nothingToSend: "I don't have a quote for you yet: which products and how many do you need?",
    whichProduct: "Which product do you mean? Tell me its name and how many you need.",
    notFound: (things: string[]) => `I couldn't find ${join(things, "or")} in our catalog.`,
    notCarried: (suggestions: FoundProduct[], things: string[]) =>
      suggestions.length
        ? `I couldn't find ${things.length ? join(things, "or") : "that"} in our catalog.\nThe closest we have: ${join(
            suggestions.slice(0, 3).map((p) => `${p.name} (${p.sku}, ${p.price} per ${p.measureUnit})`),
            "and",
          )}. Would any of these work?`
        : `I couldn't find ${things.length ? join(things, "or") : "that"} in our catalog.`,
    noProblem: "No problem. Is there anything else I can help you with?",
    startOver: "No problem, let's start over: which products and how many do you need?",
    welcome: "You're welcome! Anything else I can help you with?",
    quoteStatus: (quote: QuoteView | null, number: number) =>
      `Quote Q-${number} is ready${quote ? `: ${quote.total}` : ""}. Shall I send it to you, or confirm the order?`,
  },
  es: {
    hello: (name: string | null) => `¡Hola${name ? ` ${name.split(" ")[0]}` : ""}! `,
    productLine: (p: FoundProduct) => `${p.name} (${p.sku}) cuesta ${p.price} por ${p.measureUnit}.`,
    howMany: (p: FoundProduct) => `${cuantos(p.measureUnit)} ${unitEs(p.measureUnit, 2)} necesitas?`,
    howManyOf: (products: FoundProduct[]) =>
      products.length === 1
        ? `${cuantos(products[0]!.measureUnit)} ${unitEs(products[0]!.measureUnit, 2)} de ${products[0]!.name} necesitas?`
        : "¿Cuántos necesitas de cada uno?",
    which: (options: FoundProduct[]) =>
      `¿Cuál de estos quieres: ${join(
        options.map((p) => `${p.name} (${p.sku}, ${p.price} por ${p.measureUnit})`),
        "o",
      )}?`,
    draft: (quote: QuoteView) =>
      `Preparé la cotización ${quote.number}:\n${linesEs(quote)}\nTotal: ${quote.total}${discountEs(quote)}. ¿Te la envío o confirmo el pedido?`,
    updated: (quote: QuoteView) =>
      `Actualicé la cotización ${quote.number}:\n${linesEs(quote)}\nTotal: ${quote.total}${discountEs(quote)}. ¿Te la envío o confirmo el pedido?`,
    sent: (quote: QuoteView) =>
      `Aquí está tu cotización ${quote.number}:\n${linesEs(quote)}\nTotal: ${quote.total}${discountEs(quote)}. ¿Confirmo el pedido?`,
    confirmed: (quote: QuoteView) =>
      `Tu pedido ${quote.number} está confirmado:\n${linesEs(quote)}\nTotal: ${quote.total}${discountEs(quote)}. ¡Gracias!`,
    discountApplied: (quote: QuoteView) =>
      `Listo: ${quote.discount_percent}% de descuento en la cotización ${quote.number}. El nuevo total es ${quote.total}. ¿Confirmo el pedido?`,
    discountAsked: (percent: number, quote: QuoteView | null) =>
      `Un descuento del ${percent}% es más de lo que puedo aprobar, así que se lo pedí a mi gerente${quote ? ` para la cotización ${quote.number} (${quote.total} por ahora)` : ""}. Te respondo aquí en cuanto me contesten.`,
    orderAsked: (quote: Pick<QuoteView, "number" | "total">) =>
      `Le pedí a mi gerente que apruebe el pedido ${quote.number} (${quote.total}); te lo confirmo aquí en cuanto lo haga.`,
    nothingToQuote: (limit: number) =>
      `Dime qué productos y cuántos necesitas y preparo la cotización${limit > 0 ? `; puedo ofrecer hasta ${limit}% de descuento` : ""}.`,
    nothingToSend: "Todavía no tengo una cotización para ti: ¿qué productos y cuántos necesitas?",
    whichProduct: "¿Qué producto quieres? Dime el nombre y cuántos necesitas.",
    notFound: (things: string[]) => `No encontré ${join(things, "ni")} en nuestro catálogo.`,
    notCarried: (suggestions: FoundProduct[], things: string[]) =>
      suggestions.length
        ? `No encontré ${things.length ? join(things, "ni") : "eso"} en nuestro catálogo.\nLo más parecido que tenemos: ${join(
            suggestions.slice(0, 3).map((p) => `${p.name} (${p.sku}, ${p.price} por ${p.measureUnit})`),
            "y",
          )}. ¿Te sirve alguno?`
        : `No encontré ${things.length ? join(things, "ni") : "eso"} en nuestro catálogo.`,
    noProblem: "Sin problema. ¿Hay algo más en lo que pueda ayudarte?",
    startOver: "Sin problema, empecemos de nuevo: ¿qué productos y cuántos necesitas?",
    welcome: "¡De nada! ¿Te ayudo con algo más?",
    quoteStatus: (quote: QuoteView | null, number: number) =>
      `La cotización Q-${number} está lista${quote ? `: ${quote.total}` : ""}. ¿Te la envío o confirmo el pedido?`,
  },
} satisfies Record<MessageLanguage, unknown>;

export type SalesReplies = (typeof SALES_REPLIES)["en"];

/** The products asked about with their prices, then how many are needed. */
export function productInfo(say: SalesReplies, products: FoundProduct[], ask: boolean): string {
  const lines = products.map((p) => say.productLine(p)).join(" ");
  return ask ? `${lines} ${say.howManyOf(products)}` : lines;
}
