import { readNumbers } from "../text/numbers.ts";
import { withinOneEdit, wordsOf } from "../text/words.ts";
import { normalizeMessage } from "./intents.ts";

// What a sales message wants besides its products, read as several flags at once ("hi, send me a quote
// for 10 rolls with 5% off" is a greeting, a quote wish, products and a discount). Whole words or
// phrases on the normalized text (accents off: "cotización" is "cotizacion").

type Cues = readonly string[];

const QUOTE: Cues = [
  "quote",
  "quotation",
  "estimate",
  "proposal",
  "proforma",
  "cotizacion",
  "cotizaciones",
  "cotizar",
  "cotiza",
  "cotizas",
  "cotizame",
  "cotizarme",
  "presupuesto",
  "propuesta",
];
const SEND: Cues = [
  "send",
  "send it",
  "send me",
  "email it",
  "email me",
  "mail it",
  "share it",
  "manda",
  "mandala",
  "mandamela",
  "mandame",
  "mandar",
  "mandarme",
  "envia",
  "enviala",
  "enviamela",
  "enviame",
  "enviar",
  "enviarme",
  "pasame",
  "pasamela",
  "mandalo",
  "envialo",
];
const BUY: Cues = [
  "buy",
  "i ll buy",
  "purchase",
  "i ll take",
  "ill take",
  "i will take",
  "we ll take",
  "i ll take it",
  "take it",
  "place the order",
  "place an order",
  "place my order",
  "place order",
  "put the order",
  "order it",
  "confirm",
  "confirmed",
  "confirm it",
  "go ahead",
  "proceed",
  "let s do it",
  "lets do it",
  "book it",
  "i ll order",
  "we ll order",
  "i want to order",
  "i d like to order",
  "ship it",
  "comprar",
  "compro",
  "lo compro",
  "los compro",
  "me lo llevo",
  "me los llevo",
  "me las llevo",
  "me la llevo",
  "confirmo",
  "confirmar",
  "confirma",
  "confirmalo",
  "confirmala",
  "confirmado",
  "dale",
  "adelante",
  "procede",
  "procedamos",
  "hagamos el pedido",
  "hacer el pedido",
  "haz el pedido",
  "quiero pedir",
  "quiero comprar",
  "cerramos",
  "lo quiero",
  "los quiero",
  "las quiero",
  "despachalo",
  "me llevo",
  "demosle",
  "hagamoslo",
  "dale nomas",
  "go for it",
  "do it",
  "let s go",
  "nos llevamos",
  "hacer un pedido",
  "quiero hacer un pedido",
  "confirmar pedido",
  "confirmo el pedido",
  "adelante con",
  "confirm the order",
  "i want to buy",
  "compra",
];
const NEED: Cues = [
  "need",
  "needs",
  "want",
  "looking for",
  "interested in",
  "i d like",
  "we d like",
  "necesito",
  "necesitamos",
  "quiero",
  "queremos",
  "busco",
  "buscamos",
  "buscando",
  "me interesa",
  "nos interesa",
  "queria",
  "quisiera",
];
const YES: Cues = [
  "yes",
  "yeah",
  "yep",
  "yup",
  "sure",
  "ok",
  "okay",
  "k",
  "please do",
  "sounds good",
  "perfect",
  "great",
  "alright",
  "all right",
  "that works",
  "fine",
  "si",
  "claro",
  "perfecto",
  "de acuerdo",
  "vale",
  "bueno",
  "ok dale",
  "listo",
  "genial",
  "excelente",
  "correcto",
  "exacto",
  "por favor",
];
const NO: Cues = [
  "no",
  "nope",
  "not now",
  "no thanks",
  "no thank you",
  "nah",
  "no gracias",
  "todavia no",
  "aun no",
  "ahora no",
];
const PRICE: Cues = [
  "how much",
  "price",
  "prices",
  "cost",
  "costs",
  "pricing",
  "rate",
  "precio",
  "precios",
  "cuanto",
  "cuanto cuesta",
  "cuanto vale",
  "cuanto sale",
  "costo",
  "valor",
  "tarifa",
  "a como",
];
const PRODUCT_QUESTION: Cues = [
  "do you have",
  "do you sell",
  "do you carry",
  "in stock",
  "available",
  "catalog",
  "catalogue",
  "tienen",
  "tienes",
  "venden",
  "vendes",
  "en stock",
  "disponible",
  "disponibles",
  "hay stock",
  "catalogo",
  "manejan",
  "trabajan con",
];
const DISCOUNT: Cues = [
  "rebajar",
  "rebajame",
  "rebajas",
  "descontar",
  "descuentas",
  "knock",
  "discount",
  "% off",
  "percent off",
  "better price",
  "best price",
  "coupon",
  "promo",
  "descuento",
  "rebaja",
  "mejor precio",
  "precio especial",
  "cupon",
  "promocion",
  "descuentito",
];
const THANKS: Cues = ["thanks", "thank you", "thx", "ty", "gracias", "muchas gracias", "mil gracias"];
const GREETING: Cues = [
  "hi",
  "hello",
  "hey",
  "good morning",
  "good afternoon",
  "good evening",
  "hola",
  "buenos dias",
  "buenas tardes",
  "buenas noches",
  "buenas",
  "saludos",
  "buen dia",
];
const SAME_AS_LAST: Cues = [
  "lo mismo que pedi",
  "lo que pedi la ultima",
  "what i ordered last time",
  "what i got last time",
  "same as my last order",
  "same thing as last time",
  "reorder",
  "repeat order",
  "same as last time",
  "same as before",
  "same as last",
  "same order",
  "same again",
  "the usual",
  "repeat my last",
  "repeat the last",
  "my last order again",
  "lo mismo que la ultima vez",
  "lo mismo de la ultima vez",
  "lo mismo que la vez pasada",
  "lo mismo de la vez pasada",
  "lo de siempre",
  "lo mismo de siempre",
  "repetir el ultimo pedido",
  "repite el ultimo pedido",
  "igual que la ultima vez",
  "el mismo pedido",
  "lo mismo que antes",
];
const START_OVER: Cues = [
  "start over",
  "start again",
  "start from scratch",
  "scrap all",
  "scrap that",
  "scratch that",
  "forget all",
  "forget everything",
  "cancel everything",
  "remove everything",
  "clear the quote",
  "empecemos de nuevo",
  "empezar de nuevo",
  "borra todo",
  "borrar todo",
  "olvida todo",
  "cancela todo",
  "desde cero",
  "de cero",
  "borralo todo",
  "borra todo eso",
  "quita todo",
  "saca todo",
  "elimina todo",
  "remove all",
  "delete everything",
  "clear everything",
  "empty the quote",
];
const CHEAPER: Cues = [
  "cheaper",
  "cheapest",
  "less expensive",
  "lower price",
  "the cheap one",
  "mas barato",
  "mas barata",
  "el barato",
  "la barata",
  "mas economico",
  "mas economica",
  "el economico",
  "la economica",
];
const PRICIER: Cues = ["more expensive", "pricier", "the expensive one", "mas caro", "mas cara", "el caro", "la cara"];
const FIRST: Cues = ["first", "the first one", "1st", "primero", "primera", "el primero", "la primera"];
const SECOND: Cues = ["second", "the second one", "2nd", "segundo", "segunda", "el segundo", "la segunda"];
const LAST: Cues = ["last one", "the last", "el ultimo", "la ultima"];
/** Words that ask about a policy rather than a product: shipping, returns, payment… */
const POLICY: Cues = [
  "devuelven",
  "devuelve",
  "reembolsan",
  "refunded",
  "send it back",
  "send them back",
  "send back",
  "devolverlo",
  "devolverla",
  "shipping",
  "ship",
  "ships",
  "delivery",
  "deliver",
  "delivered",
  "return",
  "returns",
  "refund",
  "refunds",
  "warranty",
  "guarantee",
  "payment",
  "pay",
  "invoice",
  "invoices",
  "credit",
  "terms",
  "hours",
  "open",
  "minimum",
  "lead time",
  "policy",
  "policies",
  "exchange",
  "envio",
  "envios",
  "despacho",
  "despachos",
  "despachan",
  "entrega",
  "entregas",
  "devolucion",
  "devoluciones",
  "devolver",
  "reembolso",
  "garantia",
  "pago",
  "pagos",
  "pagar",
  "factura",
  "facturas",
  "credito",
  "horario",
  "horarios",
  "minimo",
  "plazo",
  "plazos",
  "politica",
  "cambio",
  "cambios",
  "transferencia",
  "tarjeta",
  "region",
  "regiones",
  "lima",
  "santiago",
];
const QUESTION_WORDS: Cues = [
  "can we",
  "could we",
  "do we",
  "is it possible",
  "se puede",
  "podemos",
  "whats",
  "hows",
  "wheres",
  "whens",
  "what",
  "when",
  "how",
  "do you",
  "can i",
  "is there",
  "are there",
  "which",
  "que",
  "cual",
  "cuando",
  "como",
  "cuanto",
  "cuantos",
  "cuantas",
  "puedo",
  "pueden",
  "hacen",
  "aceptan",
  "tienen",
];

/** Every word of every cue: words that ask something of the sale, never a product's name. */
export const CUE_WORDS: ReadonlySet<string> = new Set(
  [
    QUOTE,
    NEED,
    START_OVER,
    SEND,
    BUY,
    YES,
    NO,
    PRICE,
    PRODUCT_QUESTION,
    DISCOUNT,
    THANKS,
    GREETING,
    SAME_AS_LAST,
    CHEAPER,
    PRICIER,
    FIRST,
    SECOND,
    LAST,
    POLICY,
    QUESTION_WORDS,
  ]
    .flat()
    .flatMap((cue) => cue.split(" "))
    .filter((word) => /^[a-z]+$/.test(word)),
);

const has = (normalized: string, cues: Cues) =>
  cues.some((cue) => (cue.startsWith("%") ? normalized.includes(cue) : normalized.includes(` ${cue} `)));

export type SalesCues = {
  quote: boolean;
  /** "I need", "necesito": wants something, neither a quote nor an order yet. */
  need: boolean;
  send: boolean;
  buy: boolean;
  yes: boolean;
  no: boolean;
  price: boolean;
  productQuestion: boolean;
  discount: boolean;
  thanks: boolean;
  greeting: boolean;
  sameAsLast: boolean;
  /** "Scrap all that, let's start over": the quote's lines are to be replaced. */
  startOver: boolean;
  /** Picks among products the engine offered: by price, or by order. */
  pick: "cheaper" | "pricier" | "first" | "second" | "last" | null;
  policy: boolean;
  question: boolean;
  /** Asked with a question word ("what time…", "cuándo…"), not only a question mark. */
  questionWord: boolean;
  /** A discount asked as an amount ("knock $20 off", "rebajar $30.000"), in the currency's whole units. */
  discountAmount: number | null;
  /** A percentage the customer named, in digits or words ("10%", "diez por ciento"). */
  percent: number | null;
};

const MONEY = /[$€£]\s?(\d[\d.,]*)|(\d[\d.,]*)\s?(?:dollars?|bucks|usd|pesos|clp|d[oó]lares)\b/iu;

/** "$30.000" → 30000, "$12.50" → 12.5, "1,200 dollars" → 1200. */
function moneyAmount(text: string): number | null {
  const match = MONEY.exec(text);
  const raw = match?.[1] ?? match?.[2];
  if (!raw) return null;
  const value = /[.,]\d{3}(?!\d)/.test(raw) ? Number(raw.replace(/[.,]/g, "")) : Number(raw.replace(",", "."));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** A percentage in digits or words: "15%", "15 percent", "diez por ciento". */
function percentOf(text: string): number | null {
  const tokens = readNumbers(wordsOf(text));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const digits = /^(\d{1,3}(?:\.\d+)?)%$/.exec(token.word);
    if (digits) return Number(digits[1]);
    if (token.value === null) continue;
    const next = tokens[i + 1]?.word;
    if (
      next === "%" ||
      next === "percent" ||
      next === "porciento" ||
      (next === "por" && tokens[i + 2]?.word === "ciento")
    )
      return token.value;
  }
  return null;
}

/** Long single-word cues, whose one-edit typos still count ("cotisacion", "discont"). */
const LONG_CUES = [...CUE_WORDS].filter((word) => word.length >= 7);

/** The normalized message with typos of long cue words corrected. */
function withCueTypos(normalized: string): string {
  const words = normalized.trim().split(" ");
  const fixed = words.map((word) =>
    word.length < 6 || CUE_WORDS.has(word) ? word : (LONG_CUES.find((cue) => withinOneEdit(word, cue)) ?? word),
  );
  return ` ${fixed.join(" ")} `;
}

/** The flags of one message. */
export function readSalesCues(text: string): SalesCues {
  const n = withCueTypos(normalizeMessage(text));
  const pick = has(n, CHEAPER)
    ? "cheaper"
    : has(n, PRICIER)
      ? "pricier"
      : has(n, FIRST)
        ? "first"
        : has(n, SECOND)
          ? "second"
          : has(n, LAST)
            ? "last"
            : null;
  return {
    quote: has(n, QUOTE),
    need: has(n, NEED),
    send: has(n, SEND),
    buy: has(n, BUY),
    yes: has(n, YES),
    no: has(n, NO) && !has(n, ["no problem", "no worries", "sin problema"]),
    price: has(n, PRICE),
    productQuestion: has(n, PRODUCT_QUESTION),
    discount: has(n, DISCOUNT) || percentOf(text) !== null,
    thanks: has(n, THANKS),
    greeting: has(n, GREETING),
    sameAsLast: has(n, SAME_AS_LAST),
    startOver: has(n, START_OVER),
    pick,
    policy: has(n, POLICY),
    question: text.includes("?") || text.includes("¿") || has(n, QUESTION_WORDS),
    questionWord: has(n, QUESTION_WORDS),
    discountAmount: has(n, DISCOUNT) ? moneyAmount(text) : null,
    percent: percentOf(text),
  };
}
