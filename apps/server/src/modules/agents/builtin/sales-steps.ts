import { isFiller } from "../text/filler-words.ts";
import { readNumbers } from "../text/numbers.ts";
import { keywordsOf } from "../text/product-match.ts";
import { unitOfWord } from "../text/units.ts";
import { wordsOf } from "../text/words.ts";
import type { UnderstoodMessage } from "./intents.ts";
import { answerFromPassages } from "./knowledge-answer.ts";
import { type Mention, readLines } from "./order-lines.ts";
import { REPLIES } from "./replies.ts";
import { carryOut } from "./sale-carry-out.ts";
import { countTarget, inPlayByUnit, pickOne, unitOptions } from "./sale-targets.ts";
import type { Decision, Found, Line, Looked, SalesInput, Then } from "./sale-types.ts";
import { CUE_WORDS, readSalesCues, type SalesCues } from "./sales-cues.ts";
import { productInfo, SALES_REPLIES } from "./sales-replies.ts";
import type { Step, ToolCallStep, ToolResult } from "./step.ts";

// The sale, turn by turn: what the customer's message (read with the conversation before it) changes on
// the quote, done through the tools, then one short reply. First the look-ups (the products the message
// names, the products the last reply offered or the quote holds, the last order for "same as last
// time"), then a decision from their answers, then its tool calls one by one, then the reply from what
// the tools answered. Every step is recomputed from the conversation and the tool results so far.

const MAX_QUERY = 200;

const productsOf = (result: ToolResult | undefined, key = "products") =>
  ((result?.result[key] as Found[] | undefined) ?? []) as Found[];

/** The words of a message that may name a product: anything but counts, cue words and fillers. */
function namesSomething(text: string): boolean {
  const tokens = readNumbers(wordsOf(text));
  return tokens.some((token, i) => {
    if (token.value !== null || token.word.length < 2 || isFiller(token.word) || CUE_WORDS.has(token.word))
      return false;
    // "10 boxes": a count's unit; "boxes" alone may be the product.
    return !(unitOfWord(token.word) && tokens[i - 1]?.value != null);
  });
}

/** The unit words that follow a count ("14 rolls", "2 sacos"), as a catalog query; null when none. */
function countedUnits(text: string): string | null {
  const tokens = readNumbers(wordsOf(text));
  const units = tokens.flatMap((token, i) =>
    tokens[i - 1]?.value != null && token.value === null && unitOfWord(token.word) ? [token.word] : [],
  );
  return units.length > 0 ? [...new Set(units)].join(" ") : null;
}

/** The SKUs the conversation is about: what the last reply offered and what the quote holds. */
function contextSkus(input: SalesInput): string[] {
  const quoteSkus = input.hints.openQuote?.items.map((item) => item.sku) ?? [];
  return [...new Set([...input.conversation.offered, ...quoteSkus])].slice(0, 5);
}

/** The look-ups the message needs before anything is decided; none when they are done or not needed. */
function lookups(input: SalesInput, cues: SalesCues): ToolCallStep[] {
  const { text, conversation } = input;
  const calls: ToolCallStep[] = [];
  // A product named, or a unit that only some products are sold in ("5 rolls").
  const hasUnit = wordsOf(text).some((word) => unitOfWord(word) !== null);
  if (namesSomething(text) || hasUnit) calls.push({ call: "find_products", args: { query: text.slice(0, MAX_QUERY) } });
  const context = contextSkus(input);
  const refersBack =
    conversation.askedWhich ||
    conversation.askedHowMany ||
    cues.pick !== null ||
    cues.price ||
    cues.productQuestion ||
    readNumbers(wordsOf(text)).some((token) => token.value !== null);
  if (context.length > 0 && refersBack) calls.push({ call: "find_products", args: { query: context.join(" ") } });
  // "14 rolls for the packing line": the products sold by the roll, should no name fit.
  const units = countedUnits(text);
  if (units && units !== text.slice(0, MAX_QUERY)) calls.push({ call: "find_products", args: { query: units } });
  if (cues.sameAsLast) calls.push({ call: "find_orders", args: {} });
  return calls;
}

export function salesStep(input: SalesInput): Step {
  const { text, results } = input;
  const cues = readSalesCues(text);
  const planned = lookups(input, cues);
  const looked = results.slice(0, planned.length);
  const done = results.slice(planned.length);
  if (planned.length > 0 && looked.length < planned.length)
    return planned.length === 1 ? planned[0]! : { calls: planned };
  const byQuery = (query: unknown) => looked.find((r) => r.name === "find_products" && r.args.query === query);
  const named = byQuery(text.slice(0, MAX_QUERY));
  const context = byQuery(contextSkus(input).join(" "));
  const orders = looked.find((r) => r.name === "find_orders");
  const units = countedUnits(text);
  const decision = decide(input, cues, {
    byUnit: units ? productsOf(byQuery(units)) : [],
    named: productsOf(named),
    suggestions: productsOf(named, "suggestions"),
    lookedUpNames: named !== undefined,
    context: productsOf(context),
    lastOrder: ((orders?.result.orders as { items?: Line[] }[] | undefined) ?? [])[0]?.items ?? null,
  });
  return carryOut(decision, done, input, cues);
}

/** A percentage in the message that is not a discount: the "70%" of "Chocolate 70% cacao". */
function discountAsked(understood: UnderstoodMessage, cues: SalesCues, mentions: Mention<Found>[]): number | null {
  const percent = understood.discountPercent ?? cues.percent;
  if (percent === null) return null;
  const isSize = mentions.some((m) =>
    m.candidates.some((p) => keywordsOf(p.name).some((k) => k.spec && k.stem === `${percent}%`)),
  );
  return isSize ? null : percent;
}

function decide(input: SalesInput, cues: SalesCues, looked: Looked): Decision {
  const { hints, conversation, understood } = input;
  const say = SALES_REPLIES[conversation.language];
  const quote = hints.openQuote;
  const limit = hints.maxDiscountPercent;
  const read = readLines(input.text, looked.named);
  // "bubble wrap", "vino tinto", "5 ladders": things we do not sell, said so with the closest we have.
  const others = read.mentions.filter((m) => m.otherThing);
  const missing = [...others.map((m) => m.otherThing!), ...read.unknown];
  const closest = [
    ...new Map(
      [...others.flatMap((m) => m.candidates), ...looked.suggestions, ...looked.named].map((p) => [p.sku, p]),
    ).values(),
  ];
  let mentions = read.mentions.filter((m) => !m.otherThing);
  let loose = read.loose;
  let wish: SalesCues = cues;

  // A question about a policy ("is there a restocking fee if I return a pallet jack?") is the documents'.
  const counted = mentions.some((m) => m.quantity !== null && !m.implied);
  const asksPolicy = cues.policy && cues.question && (cues.questionWord || (!cues.buy && !cues.quote));
  if (asksPolicy && !counted) {
    const answer = knowledgeReply(conversation.language, input.text, hints.passages);
    return answer ? { kind: "say", text: answer } : { kind: "ask_human" };
  }
  if (mentions.length === 0 && missing.length > 0 && !conversation.askedWhich)
    return { kind: "say", text: say.notCarried(closest, missing) };

  const known = new Map<string, Found>();
  for (const p of [...looked.byUnit, ...looked.context, ...looked.named]) known.set(p.sku, p);
  const offered = conversation.offered.map((sku) => known.get(sku)).filter((p): p is Found => p !== undefined);

  // The last reply asked which product: this message picks one, the count and wish come from the request before.
  if (conversation.askedWhich && offered.length >= 2) {
    const among = mentions.flatMap((m) => m.candidates.filter((p) => offered.some((o) => o.sku === p.sku)));
    const unique = [...new Map(among.map((p) => [p.sku, p])).values()];
    const chosen = unique.length === 1 ? unique[0]! : cues.pick ? pickOne(offered, cues.pick) : null;
    if (chosen) {
      const previous = conversation.customer.at(-2) ?? "";
      const before = readLines(previous, offered);
      const count =
        mentions.find((m) => m.candidates.some((p) => p.sku === chosen.sku))?.quantity ??
        loose[0]?.quantity ??
        before.mentions.find((m) => m.candidates.some((p) => p.sku === chosen.sku))?.quantity ??
        before.loose[0]?.quantity ??
        null;
      const earlier = readSalesCues(previous);
      wish = {
        ...cues,
        quote: cues.quote || earlier.quote,
        buy: cues.buy || earlier.buy,
        send: cues.send || earlier.send,
      };
      mentions = [
        { candidates: [chosen], quantity: count, more: false, removed: false },
        ...mentions.filter((m) => !m.candidates.some((p) => offered.some((o) => o.sku === p.sku))),
      ];
      loose = [];
    }
  }

  // "how much for 3 boxes" after the gloves (sold by the box): the gloves, not the Corrugated box.
  for (const mention of mentions) {
    if (!mention.unitAsName) continue;
    const fitting = inPlayByUnit(mention.unitAsName, input, offered, known);
    if (fitting.length === 1) mention.candidates = fitting;
  }

  // "Just the desk for now. One please": the count is the product just named without one.
  const uncounted = mentions.filter((m) => !m.removed && m.quantity === null && m.candidates.length === 1);
  if (loose.length > 0 && uncounted.length === 1) {
    uncounted[0]!.quantity = loose[0]!.quantity;
    loose = loose.slice(1);
  }
  // A count with no product: the product under discussion ("make it 15", "and 5 more").
  if (loose.length > 0) {
    const count = loose[0]!;
    const named = new Set(mentions.flatMap((m) => m.candidates.map((p) => p.sku)));
    const target = countTarget(count.unit, input, offered, known, [...looked.named, ...looked.byUnit], named);
    if (target === "ambiguous") {
      if (mentions.length === 0)
        return { kind: "say", text: say.which(unitOptions(count.unit, looked, offered, known)) };
    } else if (target)
      mentions = [{ candidates: [target], quantity: count.quantity, more: count.more, removed: false }, ...mentions];
  }

  // "Same as last time": the last order's lines.
  if (cues.sameAsLast && mentions.length === 0) {
    if (!looked.lastOrder || looked.lastOrder.length === 0)
      return { kind: "say", text: REPLIES[conversation.language].noOrder(null) };
    return quoteDecision(
      looked.lastOrder.map((line) => ({ ...line })),
      undefined,
      null,
      thenOf(wish),
      [],
    );
  }

  // Two products fit one mention: narrow to the ones under discussion, else ask which.
  const inPlay = new Set([...(quote?.items.map((i) => i.sku) ?? []), ...conversation.offered]);
  for (const mention of mentions) {
    if (mention.candidates.length < 2) continue;
    const discussed = mention.candidates.filter((p) => inPlay.has(p.sku));
    if (discussed.length === 1) mention.candidates = discussed;
    else if (cues.pick) mention.candidates = [pickOne(mention.candidates, cues.pick)!];
  }
  const ambiguous = mentions.find((m) => !m.removed && m.candidates.length > 1);
  if (ambiguous) return { kind: "say", text: say.which(ambiguous.candidates.slice(0, 4)) };

  // The quote's new lines.
  // "Scrap all that, let's start over": the next products replace the quote's lines.
  const fresh = cues.startOver || conversation.askedStartOver;
  if (cues.startOver && mentions.length === 0) return { kind: "say", text: say.startOver };
  const items: Line[] = quote && !fresh ? quote.items.map((item) => ({ ...item })) : [];
  let changed = fresh && quote !== null && mentions.some((m) => !m.removed && m.quantity !== null);
  const askCount: Found[] = [];
  const removedCounts: number[] = [];
  for (const mention of mentions.filter((m) => m.removed)) {
    const at = items.findIndex((item) => item.sku === mention.candidates[0]!.sku);
    if (at < 0) continue;
    removedCounts.push(items[at]!.quantity);
    items.splice(at, 1);
    changed = true;
  }
  // "How much is a pallet jack?": the article asks a price, it orders nothing.
  const asking = (cues.price || cues.productQuestion) && !wish.buy && !wish.quote;
  for (const mention of mentions) if (mention.implied && asking) mention.quantity = null;
  for (const mention of mentions.filter((m) => !m.removed)) {
    const product = mention.candidates[0]!;
    const line = items.find((item) => item.sku === product.sku);
    // "gloves instead of the tape": as many as the tape was.
    const quantity = mention.quantity ?? (removedCounts.length === 1 ? removedCounts[0]! : null);
    if (quantity === null) {
      if (!line) askCount.push(product);
      continue;
    }
    const next = mention.more && line ? line.quantity + quantity : quantity;
    if (line) {
      if (line.quantity !== next) {
        line.quantity = next;
        changed = true;
      }
    } else {
      items.push({ sku: product.sku, quantity: next });
      changed = true;
    }
  }

  // "$20 off" on the quote: the whole percentage that stays within the amount asked.
  const subtotal = quote?.subtotalCents ?? 0;
  const fromAmount =
    cues.discountAmount !== null && subtotal > 0
      ? Math.max(1, Math.floor((cues.discountAmount * 100 * 100) / subtotal))
      : null;
  const percent = discountAsked(understood, cues, mentions) ?? fromAmount;
  const wantsDiscount = percent !== null || cues.discount;
  const target = percent ?? (cues.discount ? limit : null);
  const discount = target !== null && target <= limit && target > 0 ? target : undefined;
  const askDiscount = target !== null && target > limit ? target : null;

  if (changed) {
    if (items.length === 0) return { kind: "say", text: say.nothingToQuote(limit) };
    return quoteDecision(items, discount, askDiscount, thenOf(wish), askCount, missing);
  }
  if (wantsDiscount && quote) {
    if (askDiscount !== null) return { kind: "authorize_discount", percent: askDiscount };
    if (discount !== undefined && discount !== quote.discountPercent)
      return quoteDecision(items, discount, null, thenOf(wish), askCount);
    if (discount === undefined) return { kind: "say", text: REPLIES[conversation.language].whichDiscount };
  }
  if (askCount.length > 0) return { kind: "say", text: productInfo(say, askCount, true) };
  if (quote && (wish.send || wish.quote)) return { kind: "send" };
  if (quote && wish.buy) return { kind: "confirm" };
  if (quote && cues.yes && !cues.no) return quote.state === "draft" ? { kind: "send" } : { kind: "confirm" };
  if (wantsDiscount) return { kind: "say", text: say.nothingToQuote(limit) };
  if (wish.send || wish.quote || wish.buy) {
    if (offered.length > 0) return { kind: "say", text: productInfo(say, offered.slice(0, 1), true) };
    if (!looked.lookedUpNames || looked.named.length > 0) return { kind: "say", text: say.nothingToSend };
  }
  if (cues.no) return { kind: "say", text: say.noProblem };
  // Something named that the catalog lacks ("do you sell forklifts?"): say so, offer the closest.
  if (looked.lookedUpNames && looked.named.length === 0 && !cues.policy && !cues.greeting) {
    if (cues.productQuestion || cues.price || cues.need || wish.quote || wish.buy || loose.length > 0)
      return { kind: "say", text: say.notCarried(looked.suggestions, []) };
  }
  if ((cues.price || cues.productQuestion) && (looked.named.length > 0 || offered.length > 0))
    return { kind: "say", text: productInfo(say, looked.named.length > 0 ? looked.named.slice(0, 3) : offered, true) };
  const answer =
    cues.policy || cues.question
      ? knowledgeReply(conversation.language, input.text, hints.passages)
      : looked.lookedUpNames
        ? knowledgeReply(conversation.language, input.text, hints.passages, 2)
        : null;
  if (answer) return { kind: "say", text: answer };
  // A policy the documents do not answer is staff's to answer, never the engine's to invent.
  if (cues.policy && cues.question) return { kind: "ask_human" };
  if (cues.thanks) return { kind: "say", text: say.welcome };
  const replies = REPLIES[conversation.language];
  if (cues.greeting || cues.yes) return { kind: "greet" };
  return { kind: "say", text: replies.outOfScope(hints.companyName) };
}

function quoteDecision(
  items: Line[],
  discount: number | undefined,
  askDiscount: number | null,
  then: Then,
  askCount: Found[],
  missing: string[] = [],
): Decision {
  return { kind: "quote", items, discount, askDiscount, then, askCount, missing };
}

const thenOf = (wish: SalesCues): Then => (wish.buy ? "confirm" : wish.quote || wish.send ? "send" : "none");

/** The documents' answer to a question, or null when no passage shares enough of its words to answer it. */
function knowledgeReply(
  language: "en" | "es",
  question: string,
  passages: { title: string; text: string }[],
  // How well the best sentence must fit: a question's word (retrieval already chose the passages), or
  // two words for a message that asks nothing.
  minScore = 1,
): string | null {
  const answer = answerFromPassages(question, passages);
  return answer && answer.score >= minScore ? REPLIES[language].fromKnowledge(answer.title, answer.text) : null;
}
