// What a customer's message asks for, as the built-in engine understands it: no model, no network,
// English and Spanish. The runtime decides what to do with the intent (answer from the catalog, build
// a quote, ask a human…); this file only reads the text. Rules are plain word lists so a wrong guess
// can be traced to the word that caused it.

export const AGENT_INTENTS = [
  "human_request",
  "problem_solved",
  "problem_report",
  "order_status",
  "discount_request",
  "order_request",
  "quote_request",
  "price_question",
  "product_question",
  "greeting",
  "out_of_scope",
] as const;
export type AgentIntent = (typeof AGENT_INTENTS)[number];

export type MessageLanguage = "en" | "es";

/** What went wrong, as a problem report names it: damage, a defect, a wrong or missing item, or a complaint. */
export const PROBLEM_KINDS = ["damaged", "not_working", "wrong_item", "missing_items", "complaint"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export type UnderstoodMessage = {
  intent: AgentIntent;
  language: MessageLanguage;
  /** The words that decided the intent (empty for out of scope), for the trace staff see. */
  matched: string[];
  /** A percentage the customer named ("15% off", "un 10 por ciento"), if any. */
  discountPercent: number | null;
  /** An order or quote number the customer named ("order #1042", "pedido 1042"), if any. */
  orderNumber: number | null;
  /** How many units the customer named ("3 units", "20 cajas"), if any. */
  quantity: number | null;
  /** What went wrong, for a problem report (null otherwise). */
  problem: ProblemKind | null;
  /** The customer says it is urgent ("urgent", "asap", "urgente", "lo necesito ya"). */
  urgent: boolean;
  /** A support ticket the customer named ("T-1042", "ticket 1042"), if any. */
  ticketNumber: number | null;
};

/** Lower-case, accents off, punctuation to spaces: "¿Cuánto cuesta?" → " cuanto cuesta ". */
export function normalizeMessage(text: string): string {
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%#]+/gu, " ");
  return ` ${plain.trim()} `;
}

// Whole words or phrases, matched on the normalized text (accents off, so "cotización" is "cotizacion").
// Problem reports and "it's solved" are read by their own lists below (PROBLEM_CUES, SOLVED_CUES).
const CUES: Record<
  Exclude<AgentIntent, "out_of_scope" | "problem_report" | "problem_solved">,
  { en: string[]; es: string[] }
> = {
  human_request: {
    en: [
      "human",
      "a person",
      "real person",
      "someone real",
      "agent please",
      "talk to someone",
      "speak to someone",
      "manager",
      "representative",
      "operator",
      "call me",
      "a human",
      "live agent",
      "real agent",
      "salesperson",
      "sales rep",
      "someone from your team",
      "actual person",
      "a real human",
      "person i can",
      "chat with a person",
      "talk to a human",
      "speak with a person",
      "real people",
      "someone call me",
      "someone from sales",
      "get me someone",
      "put me through",
      "transfer me",
      "call me back",
      "give me a call",
      "sales team",
    ],
    es: [
      "humano",
      "una persona",
      "persona real",
      "alguien real",
      "hablar con alguien",
      "un asesor",
      "asesor humano",
      "gerente",
      "encargado",
      "supervisor",
      "llamenme",
      "llamame",
      "ejecutivo",
      "ejecutiva",
      "pasame con",
      "me pasas con",
      "me pasan con",
      "comunicame con",
      "vendedor",
      "vendedora",
      "una persona real",
      "carne y hueso",
      "alguien de verdad",
      "persona de verdad",
      "hablar con una persona",
      "llamarme",
      "que me llamen",
      "alguien del equipo",
      "equipo de ventas",
    ],
  },
  order_status: {
    en: [
      "where is my order",
      "order status",
      "status of my order",
      "track",
      "tracking",
      "shipped",
      "delivery date",
      "when will it arrive",
      "has my order",
      "my package",
      "when will my order",
      "will my order arrive",
      "did my order ship",
      "has my order shipped",
      "status of my",
      "my order status",
      "update on my order",
      "update on the order",
      "news on my order",
      "any update",
      "order update",
      "status on my",
      "my latest order",
      "my last order",
      "my recent order",
      "what happened to my order",
      "where s my order",
      "wheres my order",
    ],
    es: [
      "donde esta mi pedido",
      "estado de mi pedido",
      "estado del pedido",
      "seguimiento",
      "rastrear",
      "enviado",
      "cuando llega",
      "cuando llegara",
      "mi paquete",
      "mi orden",
      "mi compra",
      "como va mi pedido",
      "en que va mi pedido",
      "como va el pedido",
      "ya despacharon",
      "lo despacharon",
      "ya lo enviaron",
      "cuando llega mi pedido",
      "llego mi pedido",
      "me llega el pedido",
      "me llega mi pedido",
      "llega el pedido",
      "novedades de mi pedido",
      "novedades del pedido",
      "y mi pedido",
      "mi ultimo pedido",
      "en que estado",
      "estado de mi",
      "que paso con mi pedido",
      "y el pedido",
    ],
  },
  discount_request: {
    en: ["discount", "% off", "percent off", "cheaper", "better price", "best price", "coupon", "promo", "deal"],
    es: ["descuento", "rebaja", "mas barato", "mejor precio", "precio especial", "cupon", "promocion", "oferta"],
  },
  order_request: {
    en: [
      "place an order",
      "i want to order",
      "i d like to order",
      "buy",
      "purchase",
      "i ll take",
      "confirm the order",
      "go ahead",
      "i want to buy",
    ],
    es: [
      "hacer un pedido",
      "quiero pedir",
      "quiero comprar",
      "comprar",
      "compra",
      "me lo llevo",
      "confirmo el pedido",
      "confirmar pedido",
      "adelante con",
    ],
  },
  quote_request: {
    en: ["quote", "quotation", "estimate", "proposal", "how much for", "price for"],
    es: ["cotizacion", "cotizar", "cotiza", "cotizas", "cotizame", "presupuesto", "propuesta", "cuanto sale por"],
  },
  price_question: {
    en: ["price", "how much", "cost", "costs", "pricing", "rate"],
    es: ["precio", "cuanto cuesta", "cuanto vale", "cuanto sale", "costo", "valor", "tarifa"],
  },
  product_question: {
    en: [
      "do you have",
      "do you sell",
      "in stock",
      "available",
      "catalog",
      "product",
      "products",
      "model",
      "size",
      "sizes",
      "colors",
      "specs",
    ],
    es: [
      "tienen",
      "venden",
      "en stock",
      "disponible",
      "hay stock",
      "catalogo",
      "producto",
      "productos",
      "modelo",
      "talla",
      "tallas",
      "colores",
      "medidas",
    ],
  },
  greeting: {
    en: ["hi", "hello", "hey", "good morning", "good afternoon", "good evening", "thanks", "thank you"],
    es: ["hola", "buenos dias", "buenas tardes", "buenas noches", "buenas", "gracias", "saludos"],
  },
};

// A problem with what the customer received, by kind (accents off: "dañado" is "danado"). The first kind
// with a cue names the problem; "complaint" holds the words that say something is wrong without what.
const PROBLEM_CUES: Record<ProblemKind, { en: string[]; es: string[] }> = {
  damaged: {
    en: ["damaged", "damage", "broken", "crushed", "cracked", "dented", "torn", "leaking", "smashed", "scratched"],
    es: [
      "danado",
      "danada",
      "danados",
      "danadas",
      "dano",
      "roto",
      "rota",
      "rotos",
      "rotas",
      "aplastado",
      "aplastada",
      "abollado",
      "abollada",
      "rayado",
      "rayada",
      "quebrado",
      "quebrada",
    ],
  },
  not_working: {
    en: [
      "doesn t work",
      "does not work",
      "don t work",
      "do not work",
      "not working",
      "stopped working",
      "won t turn on",
      "defective",
      "faulty",
    ],
    es: [
      "no funciona",
      "no funcionan",
      "dejo de funcionar",
      "no sirve",
      "no sirven",
      "no enciende",
      "no prende",
      "defectuoso",
      "defectuosa",
      "defectuosos",
      "falla",
    ],
  },
  wrong_item: {
    en: [
      "wrong item",
      "wrong items",
      "wrong product",
      "wrong size",
      "wrong color",
      "wrong colour",
      "the wrong",
      "not what i ordered",
    ],
    es: [
      "equivocado",
      "equivocada",
      "equivocados",
      "equivocadas",
      "producto equivocado",
      "no es lo que pedi",
      "otro producto",
    ],
  },
  missing_items: {
    en: ["missing", "incomplete", "didn t receive all", "only received", "short shipped"],
    es: [
      "falta",
      "faltan",
      "faltaba",
      "faltaban",
      "incompleto",
      "incompleta",
      "no llego todo",
      "solo llegaron",
      "solo llego",
    ],
  },
  complaint: {
    en: [
      "complaint",
      "complain",
      "a problem with",
      "an issue with",
      "there is a problem",
      "there s a problem",
      "problem with my",
      "issue with my",
      "not solved",
      "not resolved",
      "not fixed",
      "isn t solved",
      "isn t fixed",
      "still not",
      "happened again",
      "problem is back",
    ],
    es: [
      "reclamo",
      "reclamar",
      "queja",
      "un problema con",
      "problema con mi",
      "tengo un problema",
      "no esta resuelto",
      "no esta resuelta",
      "no se ha resuelto",
      "no se resolvio",
      "no esta solucionado",
      "sigue igual",
      "sigue sin",
      "todavia no",
      "paso de nuevo",
      "volvio a pasar",
    ],
  },
};

/** A problem supposed, not reported: the customer asks what would happen. */
const HYPOTHETICAL = [
  "if something",
  "if anything",
  "if it arrives",
  "if an item",
  "si algo",
  "si llega",
  "en caso de que",
  "si me llega",
];

/** Phrases holding a problem word that ask something else ("¿cuánto falta?": how long until it arrives). */
const NOT_A_PROBLEM = ["cuanto falta", "cuanto le falta", "falta poco", "missing out"];

/** The customer says the problem is gone: with an open ticket in the conversation, it is closed. */
const SOLVED_CUES = {
  en: [
    "solved",
    "resolved",
    "it s fixed",
    "is fixed",
    "got fixed",
    "fixed now",
    "works now",
    "working now",
    "it works",
    "all good now",
    "problem is gone",
  ],
  es: [
    "resuelto",
    "resuelta",
    "solucionado",
    "solucionada",
    "ya funciona",
    "ya quedo",
    "arreglado",
    "arreglada",
    "ya esta bien",
  ],
};
/** Negations that turn "solved" into the problem still being there. */
const NOT_SOLVED = [
  "not solved",
  "not resolved",
  "isn t solved",
  "isn t resolved",
  "hasn t been",
  "still not",
  "not working now",
  "no esta resuelto",
  "no esta resuelta",
  "no se ha resuelto",
  "no esta solucionado",
  "no esta arreglado",
  "todavia no",
  "aun no",
];

/** "urgent", "asap", "urgente", "lo necesito ya": a ticket the customer needs now is high priority. */
const URGENT_CUES = {
  en: [
    "urgent",
    "urgently",
    "asap",
    "as soon as possible",
    "right away",
    "immediately",
    "need it today",
    "needed today",
    "by today",
    "today please",
    "for today",
  ],
  es: [
    "urgente",
    "urgencia",
    "lo antes posible",
    "cuanto antes",
    "de inmediato",
    "inmediatamente",
    "ya mismo",
    "lo necesito ya",
    "necesito ya",
    "para hoy",
    "hoy mismo",
  ],
};

// Common words that tell the two languages apart when no cue does.
const SPANISH_HINTS = [
  " el ",
  " la ",
  " los ",
  " las ",
  " de ",
  " que ",
  " por ",
  " para ",
  " quiero ",
  " necesito ",
  " tienen ",
  " mi ",
  " con ",
  " una ",
  " un ",
  " es ",
  " hola ",
  " gracias ",
];
const ENGLISH_HINTS = [
  " the ",
  " is ",
  " are ",
  " my ",
  " i ",
  " you ",
  " for ",
  " with ",
  " want ",
  " need ",
  " have ",
  " please ",
  " hello ",
  " thanks ",
  " what ",
  " can ",
];

/** How many signs of each language a message shows. */
export function detectLanguageSigns(text: string): { spanish: number; english: number } {
  const normalized = normalizeMessage(text);
  let spanish = /[¿¡ñáéíóú]/i.test(text) ? 2 : 0;
  let english = 0;
  for (const hint of SPANISH_HINTS) if (normalized.includes(hint)) spanish++;
  for (const hint of ENGLISH_HINTS) if (normalized.includes(hint)) english++;
  return { spanish, english };
}

/** Spanish when its signs outnumber English's (¿, ¡, ñ, accents, common words); English otherwise. */
export function detectLanguage(text: string): MessageLanguage {
  const { spanish, english } = detectLanguageSigns(text);
  return spanish > english ? "es" : "en";
}

const cueLists = [...Object.values(CUES), ...Object.values(PROBLEM_CUES), SOLVED_CUES];
const SPANISH_ONLY_CUES = new Set(cueLists.flatMap((cues) => cues.es.filter((cue) => !cues.en.includes(cue))));
const ENGLISH_CUES = new Set(cueLists.flatMap((cues) => cues.en));

/**
 * The message's language: its signs, and when they are even ("vino roto", "no funciona"), the language of
 * the cues that decided its intent.
 */
function languageOf(text: string, matched: string[]): MessageLanguage {
  const { spanish, english } = detectLanguageSigns(text);
  if (spanish !== english) return spanish > english ? "es" : "en";
  const spanishCues =
    matched.length > 0 && matched.every((cue) => SPANISH_ONLY_CUES.has(cue) && !ENGLISH_CUES.has(cue));
  return spanishCues ? "es" : "en";
}

const containsCue = (normalized: string, cue: string) =>
  // "% off" carries its own punctuation; other cues are whole words.
  cue.startsWith("%") ? normalized.includes(cue) : normalized.includes(` ${cue} `);

const PERCENT = /(\d{1,3}(?:[.,]\d+)?)\s*(?:%|percent\b|por ?ciento\b)/i;
const ORDER_NUMBER =
  /\b(?:order|pedido|orden|quote|cotizacion|q)\s*(?:number|numero|nro|num|n|no)?\.?\s*[#°º]?\s*-?\s*(\d{3,9})\b|#\s*(\d{3,9})\b/i;
const TICKET_NUMBER = /\b(?:t\s*-\s*|t|ticket\s*#?\s*(?:t\s*-?\s*)?)(\d{3,9})\b/i;
const QUANTITY =
  /\b(\d{1,6})\s*(?:x\b|units?\b|pieces?\b|pcs\b|boxes\b|cases\b|unidades?\b|piezas?\b|cajas?\b|bultos?\b)/i;

// A count before a word ("2 pallet jacks", "3 cajas de cartón") when no unit word says so.
const BARE_QUANTITY = /(?:^|\s)(\d{1,6})\s+(?!%|percent|por)(?=\p{L})/u;

function firstNumber(pattern: RegExp, text: string): number | null {
  const match = pattern.exec(text);
  const raw = match?.slice(1).find((group) => group !== undefined);
  if (raw === undefined) return null;
  const value = Number(raw.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

const anyCue = (normalized: string, cues: { en: string[]; es: string[] }) =>
  [...cues.en, ...cues.es].filter((cue) => containsCue(normalized, cue));

/** What went wrong, by the first kind with a cue; null when the message reports no problem. */
function problemOf(normalized: string): { kind: ProblemKind; hits: string[] } | null {
  if (NOT_A_PROBLEM.some((phrase) => containsCue(normalized, phrase))) return null;
  // "If something arrives damaged, how long do I have to claim?": a question about the policy.
  if (HYPOTHETICAL.some((phrase) => containsCue(normalized, phrase))) return null;
  for (const kind of PROBLEM_KINDS) {
    const hits = anyCue(normalized, PROBLEM_CUES[kind]);
    if (hits.length > 0) return { kind, hits };
  }
  return null;
}

/**
 * The intent of one customer message: the first intent in AGENT_INTENTS order with a cue in either
 * language (a person asked for wins over everything; "it's solved" over the problem it names; a problem
 * report over the order it is about; a greeting only when nothing else is asked), else out of scope.
 * Numbers are read from the original text.
 */
export function understandMessage(text: string): UnderstoodMessage {
  const normalized = normalizeMessage(text);
  const solved = anyCue(normalized, SOLVED_CUES);
  const notSolved = NOT_SOLVED.some((phrase) => containsCue(normalized, phrase));
  const problem = problemOf(normalized);
  let intent: AgentIntent = "out_of_scope";
  let matched: string[] = [];
  for (const candidate of AGENT_INTENTS) {
    if (candidate === "out_of_scope") continue;
    const hits =
      candidate === "problem_solved"
        ? notSolved
          ? []
          : solved
        : candidate === "problem_report"
          ? (problem?.hits ?? [])
          : anyCue(normalized, CUES[candidate]);
    if (hits.length > 0) {
      intent = candidate;
      matched = hits;
      break;
    }
  }
  const discountPercent = firstNumber(PERCENT, text);
  // A percentage off is a discount request even without the word ("can you do 15%?").
  if (discountPercent !== null && (intent === "price_question" || intent === "out_of_scope" || intent === "greeting")) {
    intent = "discount_request";
    matched = [`${discountPercent}%`];
  }
  const orderNumber = firstNumber(ORDER_NUMBER, text);
  // An order named with nothing else asked ("status of order 1042", "¿y el pedido 1042?") is about its status.
  if (orderNumber !== null && (intent === "out_of_scope" || intent === "greeting")) {
    intent = "order_status";
    matched = [`#${orderNumber}`];
  }
  return {
    intent,
    language: languageOf(text, matched),
    matched,
    discountPercent,
    orderNumber,
    quantity: firstNumber(QUANTITY, text) ?? bareQuantity(text, orderNumber),
    problem: intent === "problem_report" ? (problem?.kind ?? "complaint") : null,
    urgent: anyCue(normalized, URGENT_CUES).length > 0,
    ticketNumber: firstNumber(TICKET_NUMBER, text),
  };
}

function bareQuantity(text: string, orderNumber: number | null): number | null {
  const value = firstNumber(BARE_QUANTITY, text);
  return value !== null && value !== orderNumber && value > 0 ? value : null;
}
