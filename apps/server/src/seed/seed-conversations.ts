import { randomBytes } from "node:crypto";
import { en, es, Faker } from "@faker-js/faker";
import {
  type ActionType,
  type ConversationStatus,
  isChangeableQuote,
  type LeadStage,
  type TaskDecision,
} from "@foreman/contract";
import {
  insertAttachmentRows,
  insertMessages,
  type NewAttachment,
  type NewConversation,
  type NewMessage,
} from "#server/db/bulk/conversations.ts";
import { insertTaskMessages, insertTasks, type NewTask, type NewTaskMessage } from "#server/db/bulk/tasks.ts";
import type { Executor } from "#server/db/client.ts";
import { type Escalation, exchangeSteps, QUOTED_STAGES } from "./conversation-exchange.ts";
import {
  type ConversationScript,
  ENGLISH_SCRIPT,
  type QuoteFacts,
  type ScriptContext,
  SPANISH_SCRIPT,
} from "./conversation-scripts.ts";
import { itemsText, moneyFormatter, wantsText, withoutGreeting } from "./conversation-text.ts";
import { floorPlanPng, textPdf } from "./demo-files.ts";
import { timeline } from "./message-timeline.ts";
import type { SalesProfile } from "./sales-profiles.ts";
import type { SalesRows } from "./seed-sales.ts";

export type Person = { id: string; name: string };

export type SeedConversationsOptions = {
  companyId: string;
  companyName: string;
  profile: SalesProfile;
  /** The company's sales rows, before they are inserted: their conversations get status, handler and activity. */
  sales: SalesRows;
  aiEmployees: Person[];
  /** Company members who take conversations over and resolve tasks. */
  staff: Person[];
  /** PRNG seed: the same seed, sales rows and clock day give the same rows. */
  seed?: number;
  now?: Date;
  todoTasks?: number;
  doneTasks?: number;
  /** Attachment access keys. Random by default: they are the capability that serves the file. */
  accessKey?: () => string;
};

export type ConversationRows = {
  messages: NewMessage[];
  attachments: NewAttachment[];
  tasks: NewTask[];
  taskMessages: NewTaskMessage[];
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Conversations quiet for longer than this (and won or lost ones) are resolved. */
const RESOLVED_AFTER = 14 * DAY;
const TODO_STAGES: readonly LeadStage[] = ["new", "qualified", "quoted", "following_up"];
const TAKEOVER_STAGES: readonly LeadStage[] = ["quoted", "following_up", "won"];

const defaultAccessKey = () => randomBytes(32).toString("base64url");

/**
 * A believable exchange for each of a company's conversations (customer ↔ AI employee, in the company's
 * language, matching the lead's need and stage), a few taken over by staff, some attachments, and the
 * tasks the AI escalated: `todoTasks` open ones due in 1–48 h and `doneTasks` answered ones, each with
 * its assistant thread. Fills in each conversation row's status, handler, AI employee and last activity
 * from its messages. Deterministic for a seed, the sales rows and the clock day (only times squeezed
 * into today, and due times, move with the hour), apart from the random access keys.
 */
export function buildConversationRows(options: SeedConversationsOptions): ConversationRows {
  const { companyId, companyName, profile, sales, aiEmployees, staff } = options;
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const script = profile.locale === "es" ? SPANISH_SCRIPT : ENGLISH_SCRIPT;
  const faker = new Faker({ locale: profile.locale === "es" ? [es, en] : [en] });
  faker.seed((options.seed ?? 1) * 7919 + 101);
  const id = () => faker.string.uuid();
  const accessKey = options.accessKey ?? defaultAccessKey;
  const between = (min: number, max: number) => faker.number.int({ min, max });

  const leadByConversation = new Map(sales.leads.map((lead) => [lead.conversationId!, lead]));
  const quoteByConversation = new Map(sales.quotes.map((quote) => [quote.conversationId!, quote]));
  const customerById = new Map(sales.customers.map((customer) => [customer.id!, customer]));
  const itemsByQuote = new Map<string, SalesRows["lineItems"]>();
  for (const item of sales.lineItems) {
    const list = itemsByQuote.get(item.quoteId) ?? [];
    list.push(item);
    itemsByQuote.set(item.quoteId, list);
  }
  const aiById = new Map(aiEmployees.map((person) => [person.id, person]));
  const money = new Map<string, Intl.NumberFormat>();
  const formatCents = (cents: number, currency: string) => {
    let formatter = money.get(currency);
    if (!formatter) {
      formatter = moneyFormatter(profile.locale, currency);
      money.set(currency, formatter);
    }
    return formatter.format(cents / 100);
  };

  // Oldest first: a customer's first conversation introduces the AI employee; later ones greet back.
  const byAge = [...sales.conversations].sort(
    (a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime(),
  );
  const firstContact = new Set<string>();
  const seenCustomers = new Set<string>();
  for (const conversation of byAge) {
    if (conversation.customerId && !seenCustomers.has(conversation.customerId)) {
      seenCustomers.add(conversation.customerId);
      firstContact.add(conversation.id!);
    }
  }

  const escalations = pickEscalations();
  const takeovers = pickTakeovers();

  const rows: ConversationRows = { messages: [], attachments: [], tasks: [], taskMessages: [] };

  for (const conversation of sales.conversations) {
    // The same draws for every conversation, whatever its branch, so one conversation's shape never
    // shifts the next one's randomness.
    const draws = {
      city: faker.helpers.arrayElement(script.cities),
      day: faker.helpers.arrayElement(script.days),
      n: between(4, 40),
      m: between(2, 20),
      k: between(2, 12),
      people: between(25, 180),
      weeks: between(2, 8),
      pct: faker.helpers.arrayElement([12, 15, 15, 18, 20]),
      product: faker.helpers.arrayElement(profile.products).name,
      // exchangeSteps uses gaps 0–8 and 10–15 and chances 0–4; gaps[9] is an open task's due time.
      gaps: Array.from({ length: 16 }, () => faker.number.float({ min: 0, max: 1 })),
      chances: Array.from({ length: 8 }, () => faker.number.float({ min: 0, max: 1 })),
      pick: between(0, 1_000_000),
      photoVariant: between(0, 11),
    };
    const lead = leadByConversation.get(conversation.id!);
    const quote = quoteByConversation.get(conversation.id!);
    const customer = conversation.customerId ? customerById.get(conversation.customerId) : undefined;
    const ai = (lead?.aiEmployeeId && aiById.get(lead.aiEmployeeId)) || aiEmployees[0] || null;
    const stage: LeadStage = lead?.stage ?? "new";
    const customerName = customer?.fullName ?? (profile.locale === "es" ? "Cliente" : "Customer");
    const aiName = ai?.name ?? (profile.locale === "es" ? "Asistente" : "Assistant");
    const items = quote ? (itemsByQuote.get(quote.id!) ?? []) : [];
    const ctx: ScriptContext = {
      customerFirst: customerName.split(" ")[0]!,
      customerName,
      organization: customer?.organization ?? null,
      aiName,
      aiFirst: aiName.split(" ")[0]!,
      companyName,
      city: draws.city,
      day: draws.day,
      n: draws.n,
      m: draws.m,
      k: draws.k,
      people: draws.people,
      weeks: draws.weeks,
      pct: draws.pct,
      product: items[0]?.productName ?? needProduct(lead?.need) ?? draws.product,
      wants: items.length > 0 ? wantsText(items, profile.locale) : null,
    };
    const facts: QuoteFacts | null = quote
      ? {
          number: `Q-${quote.number}`,
          total: formatCents(quote.totalCents!, quote.currency!),
          discounted: formatCents(Math.round(quote.totalCents! * (1 - ctx.pct / 100)), quote.currency!),
          items: itemsText(items, profile.locale),
        }
      : null;

    const need = (lead?.need && script.needs[lead.need]) || script.fallbackNeed;
    const escalation = escalations.get(conversation.id!);
    const staffMember = takeovers.get(conversation.id!);
    const steps = exchangeSteps({
      script,
      ctx,
      need,
      stage,
      facts,
      quote: quote
        ? {
            createdAt: (quote.createdAt as Date).getTime(),
            completedAt: quote.completedAt ? (quote.completedAt as Date).getTime() : null,
          }
        : null,
      escalation,
      staff: staffMember ? { name: staffMember.name, first: staffMember.name.split(" ")[0]! } : undefined,
      firstContact: firstContact.has(conversation.id!),
      gaps: draws.gaps,
      chances: draws.chances,
      now: nowMs,
    });

    const start = (conversation.createdAt as Date).getTime();
    const times = timeline(steps, start, nowMs, todayStart);
    if (times[0]! < start) conversation.createdAt = new Date(times[0]!);

    // Rows: messages (and their attachments), then the conversation's state from them.
    const email = conversation.channel === "email";
    steps.forEach((step, index) => {
      const messageId = id();
      const createdAt = new Date(times[index]!);
      const text =
        email && step.sender === "customer"
          ? script.emailFromCustomer(ctx, withoutGreeting(step.text))
          : email && step.sender === "ai"
            ? script.emailFromAi(ctx, withoutGreeting(step.text))
            : step.text;
      rows.messages.push({
        id: messageId,
        companyId,
        conversationId: conversation.id!,
        senderType: step.sender,
        senderName: step.sender === "customer" ? customerName : step.sender === "ai" ? aiName : staffMember!.name,
        userId: step.sender === "staff" ? staffMember!.id : null,
        aiEmployeeId: step.sender === "ai" ? (ai?.id ?? null) : null,
        content: text,
        createdAt,
      });
      if (step.attachment) {
        const file =
          step.attachment.kind === "photo"
            ? {
                fileName: need.photoName,
                contentType: "image/png",
                data: photoOf(draws.photoVariant),
              }
            : {
                fileName: script.quoteFileName(facts!.number),
                contentType: "application/pdf",
                data: pdfOf(script, ctx, facts!),
              };
        rows.attachments.push({
          id: id(),
          companyId,
          messageId,
          ...file,
          byteSize: file.data.byteLength,
          accessKey: accessKey(),
          createdAt,
        });
      }
    });

    const last = steps.at(-1)!;
    const lastAt = times.at(-1)!;
    let status: ConversationStatus;
    if (escalation?.state === "to_do") status = "open";
    else if (stage === "won" || stage === "lost" || lastAt < nowMs - RESOLVED_AFTER) status = "resolved";
    else status = last.sender === "customer" ? "open" : "pending";
    const staffIndex = steps.findIndex((step) => step.mark === "staff");
    Object.assign(conversation, {
      status,
      aiEmployeeId: ai?.id ?? null,
      handledBy: staffIndex >= 0 ? "staff" : "ai",
      takenOverByUserId: staffIndex >= 0 ? staffMember!.id : null,
      takenOverAt: staffIndex >= 0 ? new Date(times[staffIndex]!) : null,
      lastActivityAt: new Date(lastAt),
    } satisfies Partial<NewConversation>);

    if (escalation) {
      const hold = times[steps.findIndex((step) => step.mark === "hold")]!;
      const relayIndex = steps.findIndex((step) => step.mark === "relay");
      const relay = relayIndex >= 0 ? times[relayIndex]! : nowMs;
      const createdAt = hold + Math.min(5 * SECOND, Math.floor((relay - hold) / 3));
      const resolvedAt = relay - Math.min(MINUTE, Math.floor((relay - hold) / 3));
      const q = facts ?? { number: "", total: "", discounted: "", items: "" };
      const taskId = id();
      const authorize = escalation.actionType === "authorize";
      const done = escalation.state === "done";
      const resolver = staff.length > 0 ? staff[draws.pick % staff.length]! : null;
      const thread: NewTaskMessage[] = [
        {
          id: id(),
          companyId,
          taskId,
          authorType: "ai",
          content: escalation.script.question(ctx, q),
          createdAt: new Date(createdAt),
        },
      ];
      if (done) {
        thread.push(
          {
            id: id(),
            companyId,
            taskId,
            authorType: "staff",
            userId: resolver?.id ?? null,
            content: escalation.answer,
            createdAt: new Date(resolvedAt),
          },
          {
            id: id(),
            companyId,
            taskId,
            authorType: "ai",
            content: script.threadAck(ctx),
            createdAt: new Date(Math.floor((resolvedAt + relay) / 2)),
          },
        );
      }
      rows.tasks.push({
        id: taskId,
        companyId,
        actionType: escalation.actionType,
        title: escalation.script.title(ctx, q),
        question: escalation.script.question(ctx, q),
        state: escalation.state,
        // Open ones are due in 1–48 h; answered ones had a day and were answered within it.
        dueAt: new Date(
          done ? createdAt + DAY : nowMs + HOUR + MINUTE + Math.round(draws.gaps[9]! * (47 * HOUR - MINUTE)),
        ),
        answer: done ? escalation.answer : null,
        decision: done && authorize ? escalation.decision : null,
        resolvedByUserId: done ? (resolver?.id ?? null) : null,
        resolvedAt: done ? new Date(resolvedAt) : null,
        assignableType: authorize && quote ? "Quote" : "Conversation",
        assignableId: authorize && quote ? quote.id! : conversation.id!,
        conversationId: conversation.id!,
        quoteId: quote?.id ?? null,
        // An open discount request is bound to the quote as it stands, as request_authorization records it.
        request:
          authorize &&
          !done &&
          escalation.script.discount &&
          quote?.totalCents !== undefined &&
          quote.currency !== undefined &&
          isChangeableQuote(quote.state)
            ? {
                kind: "discount",
                quoteId: quote.id!,
                discountPercent: ctx.pct,
                quote: {
                  version: quote.version ?? 1,
                  totalCents: quote.totalCents,
                  currency: quote.currency,
                  discountPercent: quote.discountPercent ?? 0,
                },
              }
            : null,
        aiEmployeeId: ai?.id ?? null,
        tags: [escalation.script.tag],
        createdAt: new Date(createdAt),
        updatedAt: thread.at(-1)!.createdAt as Date,
      });
      rows.taskMessages.push(...thread);
    }
  }
  return rows;

  function needProduct(need: string | null | undefined): string | undefined {
    const sku = need ? profile.productsByNeed[need]?.[0] : undefined;
    return profile.products.find((product) => product.sku === sku)?.name;
  }

  /**
   * Which conversations escalated something: the most recent open leads get the to-do items (half of them
   * authorizations on their quote), older ones (from three days back) the answered ones.
   */
  function pickEscalations(): Map<string, Escalation> {
    const result = new Map<string, Escalation>();
    const todo = options.todoTasks ?? 8;
    const done = options.doneTasks ?? 10;
    const newestFirst = [...byAge].reverse();
    const escalationFor = (conversationId: string, actionType: ActionType, state: "to_do" | "done") => {
      const lead = leadByConversation.get(conversationId);
      const candidates = (actionType === "authorize" ? script.authorizations : script.questions).filter(
        (item) => !item.onlyFor || (lead?.need && item.onlyFor.includes(lead.need)),
      );
      const chosen = faker.helpers.arrayElement(candidates);
      const decision: TaskDecision | null =
        actionType === "authorize"
          ? lead?.stage !== "won" && faker.number.int(4) === 0
            ? "left_pending"
            : "authorized"
          : null;
      const answer =
        decision === "left_pending"
          ? faker.helpers.arrayElement(script.pendingNotes)
          : faker.helpers.arrayElement(chosen.answers);
      result.set(conversationId, { actionType, state, script: chosen, decision, answer });
    };
    const fill = (
      pool: NewConversation[],
      count: number,
      state: "to_do" | "done",
      quotedStages: readonly LeadStage[],
    ) => {
      const authorizations = Math.ceil(count / 2);
      let authorize = 0;
      let question = 0;
      for (const conversation of pool) {
        if (authorize + question >= count) break;
        if (result.has(conversation.id!)) continue;
        const lead = leadByConversation.get(conversation.id!);
        const hasQuote = quoteByConversation.has(conversation.id!) && !!lead && quotedStages.includes(lead.stage!);
        if (hasQuote && authorize < authorizations) {
          escalationFor(conversation.id!, "authorize", state);
          authorize++;
        } else if (question < count - authorizations) {
          escalationFor(conversation.id!, "question", state);
          question++;
        }
      }
    };
    const open = newestFirst.filter((c) => TODO_STAGES.includes(leadByConversation.get(c.id!)?.stage ?? "new"));
    fill(open, todo, "to_do", ["quoted", "following_up"]);
    // Answered ones: spread over the weeks before, every third conversation from three days back.
    const older = newestFirst.filter((c) => (c.createdAt as Date).getTime() < todayStart - 3 * DAY);
    fill(
      older.filter((_, index) => index % 3 === 0),
      done,
      "done",
      QUOTED_STAGES,
    );
    return result;
  }

  /** A few recent conversations that staff took over (none with an escalation). */
  function pickTakeovers(): Map<string, Person> {
    const result = new Map<string, Person>();
    if (staff.length === 0) return result;
    const recent = [...byAge]
      .reverse()
      .filter(
        (c) =>
          !escalations.has(c.id!) &&
          TAKEOVER_STAGES.includes(leadByConversation.get(c.id!)?.stage ?? "new") &&
          (c.createdAt as Date).getTime() >= todayStart - 60 * DAY,
      );
    recent.forEach((conversation, index) => {
      if (index % 4 === 1 && result.size < 12) result.set(conversation.id!, staff[index % staff.length]!);
    });
    return result;
  }
}

// A dozen photos serve every company's conversations: drawing one costs a few milliseconds.
const photos = new Map<number, Buffer>();
function photoOf(variant: number): Buffer {
  let png = photos.get(variant);
  if (!png) {
    png = floorPlanPng(variant + 1);
    photos.set(variant, png);
  }
  return png;
}

function pdfOf(script: ConversationScript, ctx: ScriptContext, facts: QuoteFacts): Buffer {
  const { title, lines } = script.quotePdf(ctx, facts);
  return textPdf(title, lines);
}

/** Inserts what `buildConversationRows` built (after the conversations themselves). */
export async function insertConversationRows(db: Executor, rows: ConversationRows): Promise<void> {
  await insertMessages(db, rows.messages);
  await insertAttachmentRows(db, rows.attachments);
  await insertTasks(db, rows.tasks);
  await insertTaskMessages(db, rows.taskMessages);
}
