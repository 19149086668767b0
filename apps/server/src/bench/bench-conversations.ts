import type { Channel, ConversationStatus, LeadStage } from "@foreman/contract";
import type { NewConversation, NewMessage } from "#server/db/bulk/conversations.ts";
import type { NewCustomer, NewLead } from "#server/db/bulk/sales.ts";
import type { NewTask } from "#server/db/bulk/tasks.ts";
import { pick, type Roll, seededRandom, type Weighted, weighted } from "./bench-random.ts";

// One company's conversations for the conversations-at-scale benchmark, generated (not written through
// the writers, which check and announce one message at a time): customers, conversations over the
// twelve months before now (newer months busier), two to eighteen messages each from a small vocabulary
// (so words are common, middling or rare, as in a real inbox), a lead for half of them, and a task for
// one in fifty. Ids are random; the words and times come from the seed.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const FIRST_NAMES = [
  "Ana",
  "Ben",
  "Carla",
  "Diego",
  "Elena",
  "Farid",
  "Grace",
  "Hugo",
  "Irene",
  "Jon",
  "Kira",
  "Luis",
  "Maya",
  "Nico",
  "Olga",
  "Pablo",
  "Quinn",
  "Rosa",
  "Sam",
  "Tara",
  "Uma",
  "Victor",
  "Wen",
  "Ximena",
  "Yusuf",
  "Zoe",
];
const LAST_NAMES = [
  "Alvarez",
  "Brooks",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Hansen",
  "Ibarra",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Moreau",
  "Nakamura",
  "Olsen",
  "Petrov",
  "Quintero",
  "Rossi",
  "Silva",
  "Tanaka",
  "Ueda",
  "Vargas",
  "Weber",
  "Xu",
  "Yamada",
  "Zamora",
  "Abbott",
  "Barros",
  "Cruz",
  "Delgado",
];
const ORGANIZATIONS = ["Acme Builders", "Northwind Cafe", "Blue Harbor Hotel", "Cedar Schools", "Pine Clinic", null];
// Products are the middling words: each is in about one message in a hundred.
export const PRODUCTS = [
  "oak table",
  "walnut desk",
  "steel shelf",
  "leather sofa",
  "glass cabinet",
  "bamboo chair",
  "marble counter",
  "linen curtain",
  "wool rug",
  "cedar bench",
  "copper lamp",
  "maple bed",
  "velvet armchair",
  "rattan basket",
  "granite sink",
  "teak stool",
  "pine wardrobe",
  "brass mirror",
  "cotton duvet",
  "ceramic vase",
];
const CITIES = [
  "Lisbon",
  "Madrid",
  "Lima",
  "Santiago",
  "Bogota",
  "Toronto",
  "Denver",
  "Austin",
  "Seattle",
  "Porto",
  "Valencia",
  "Quito",
  "Cusco",
  "Montreal",
  "Boston",
  "Chicago",
];
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const COLORS = ["black", "white", "grey", "navy", "green", "red", "sand", "olive"];

type Fill = { product: string; city: string; day: string; color: string; n: number; order: number; price: number };

// "delivery", "order", "thanks" are the common words; an order number the rarest.
const CUSTOMER_LINES: ((f: Fill) => string)[] = [
  (f) => `Hi, I would like a quote for ${f.n} ${f.product}, delivered to ${f.city}.`,
  (f) => `When will my order #${f.order} arrive? I am in ${f.city}.`,
  (f) => `Can you deliver the ${f.product} on ${f.day}?`,
  (f) => `The ${f.product} arrived damaged, what can I do about order #${f.order}?`,
  (f) => `Do you have the ${f.product} in ${f.color}?`,
  () => "Thanks, that works for me.",
  (f) => `What is the delivery cost to ${f.city} for the ${f.product}?`,
  () => "Is anyone there? I am still waiting for an answer about my order.",
  (f) => `Please cancel one ${f.product}, I only need ${f.n} now.`,
];
const AI_LINES: ((f: Fill) => string)[] = [
  (f) => `Sure! The ${f.product} costs ${f.price} and delivery to ${f.city} takes about ${f.n} days.`,
  (f) => `Your order #${f.order} leaves our warehouse on ${f.day}; you will get the tracking link by email.`,
  (f) => `We have the ${f.product} in ${f.color} and in two other colours. Shall I reserve one?`,
  () => "I have passed your question to a colleague; they will answer shortly.",
  (f) => `I can offer ${f.n} ${f.product} with free delivery if you order before ${f.day}.`,
  () => "Thanks for waiting. Is there anything else I can help you with?",
  (f) => `I am sorry about the damage. I have opened a replacement for order #${f.order}.`,
];
const STAFF_LINES: ((f: Fill) => string)[] = [
  (f) => `Hello, this is the team: I checked order #${f.order} myself and it ships on ${f.day}.`,
  (f) => `We can make an exception on the ${f.product}: delivery to ${f.city} is free this time.`,
  () => "Thanks for your patience, I am taking over from our assistant.",
];

const CHANNEL_WEIGHTS: Weighted<Channel> = [
  ["whatsapp", 35],
  ["email", 25],
  ["web_chat", 25],
  ["phone", 10],
  ["sms", 5],
];
const STAGE_WEIGHTS: Weighted<LeadStage> = [
  ["new", 30],
  ["qualified", 20],
  ["quoted", 15],
  ["following_up", 10],
  ["won", 15],
  ["lost", 10],
];

export type BenchCompany = {
  companyId: string;
  aiEmployees: { id: string; name: string }[];
  staffUserId: string;
  seed: number;
};

export type CompanyConversations = {
  customers: NewCustomer[];
  conversations: NewConversation[];
  leads: NewLead[];
  tasks: NewTask[];
  /** Generated as they are written: a million messages are not held at once. */
  messages: () => Iterable<NewMessage>;
  /** What the timed requests ask for in this company. */
  probe: { aiEmployeeId: string; conversationId: string; customerName: string };
};

function fill(roll: Roll): Fill {
  return {
    product: pick(PRODUCTS, roll),
    city: pick(CITIES, roll),
    day: pick(WEEKDAYS, roll),
    color: pick(COLORS, roll),
    n: 2 + Math.floor(roll() * 9),
    order: 10_000 + Math.floor(roll() * 90_000),
    price: 50 + Math.floor(roll() * 1950),
  };
}

/** `count` conversations of one company with about ten messages each. */
export function buildCompanyConversations(company: BenchCompany, count: number, now: Date): CompanyConversations {
  const roll = seededRandom(company.seed);
  const nowMs = now.getTime();
  const customers: NewCustomer[] = Array.from({ length: Math.max(1, Math.ceil(count / 2)) }, () => {
    const name = `${pick(FIRST_NAMES, roll)} ${pick(LAST_NAMES, roll)}`;
    return {
      id: crypto.randomUUID(),
      companyId: company.companyId,
      fullName: name,
      organization: pick(ORGANIZATIONS, roll),
    };
  });
  // Oldest first, so display ids follow the dates; age density falls linearly with age.
  const starts = Array.from({ length: count }, () => nowMs - DAY * 365 * (1 - Math.sqrt(roll()))).sort((a, b) => a - b);
  const conversations: NewConversation[] = [];
  const leads: NewLead[] = [];
  const tasks: NewTask[] = [];
  // Per conversation, what its messages are made from (generated again when they are written).
  const threads: {
    conversationId: string;
    start: number;
    end: number;
    count: number;
    staffFrom: number;
    seed: number;
    customer: string;
    ai: { id: string; name: string } | null;
  }[] = [];
  for (const [index, startMs] of starts.entries()) {
    const id = crypto.randomUUID();
    const customer = pick(customers, roll);
    const channel = weighted(CHANNEL_WEIGHTS, roll());
    const ai = roll() < 0.9 ? pick(company.aiEmployees, roll) : null;
    const messageCount = 2 + Math.floor(roll() * 17);
    const staff = roll() < 0.15;
    const staffFrom = staff ? 1 + Math.floor(roll() * (messageCount - 1)) : messageCount;
    // Messages one to ten minutes apart; the newest no later than a second ago.
    const gaps = messageCount * 5.5 * MINUTE;
    const start = Math.min(startMs, nowMs - 1000 - gaps * 2);
    const lastActivity = Math.min(nowMs - 1000, start + gaps);
    const recent = startMs > nowMs - 14 * DAY;
    const status: ConversationStatus = recent
      ? weighted(
          [
            ["open", 50],
            ["pending", 25],
            ["resolved", 25],
          ],
          roll(),
        )
      : weighted(
          [
            ["open", 5],
            ["pending", 5],
            ["resolved", 90],
          ],
          roll(),
        );
    conversations.push({
      id,
      companyId: company.companyId,
      displayId: index + 1,
      inboxId: 1,
      customerId: customer.id!,
      channel,
      status,
      aiEmployeeId: ai?.id ?? null,
      handledBy: staff ? "staff" : "ai",
      takenOverByUserId: staff ? company.staffUserId : null,
      takenOverAt: staff ? new Date(Math.floor(start)) : null,
      lastActivityAt: new Date(Math.floor(lastActivity)),
      // What the messages trigger would keep: the customer writes first, the next message answers.
      firstCustomerMessageAt: new Date(Math.floor(start)),
      firstReplyAt: new Date(Math.floor(start + (lastActivity - start) / (messageCount - 1))),
      createdAt: new Date(Math.floor(start)),
    });
    threads.push({
      conversationId: id,
      start: Math.floor(start),
      end: Math.floor(lastActivity),
      count: messageCount,
      staffFrom,
      seed: company.seed * 1_000_003 + index,
      customer: customer.fullName,
      ai,
    });
    if (roll() < 0.5) {
      const f = fill(roll);
      leads.push({
        companyId: company.companyId,
        stage: weighted(STAGE_WEIGHTS, roll()),
        source: "conversation",
        channel,
        personName: customer.fullName,
        companyName: customer.organization ?? null,
        need: `${f.n} ${f.product} for ${f.city}`,
        dealSizeCents: f.price * f.n * 100,
        aiEmployeeId: ai?.id ?? null,
        conversationId: id,
        customerId: customer.id!,
        createdAt: new Date(Math.floor(start)),
      });
    }
    if (roll() < 0.02) {
      const done = !recent || roll() < 0.5;
      const f = fill(roll);
      tasks.push({
        companyId: company.companyId,
        actionType: roll() < 0.5 ? "question" : "authorize",
        title: `Customer asks about ${f.product}`,
        question: `Can we deliver ${f.n} ${f.product} to ${f.city} on ${f.day}?`,
        state: done ? "done" : "to_do",
        dueAt: new Date(Math.floor(lastActivity + 2 * DAY)),
        answer: done ? "Yes, go ahead." : null,
        resolvedByUserId: done ? company.staffUserId : null,
        resolvedAt: done ? new Date(Math.floor(lastActivity + DAY / 2)) : null,
        assignableType: "Conversation",
        assignableId: id,
        conversationId: id,
        aiEmployeeId: ai?.id ?? null,
        tags: [],
        createdAt: new Date(Math.floor(lastActivity)),
        updatedAt: new Date(Math.floor(lastActivity)),
      });
    }
  }
  // A to-do task's due time lies ahead, so it stays open for the runtime's checks.
  for (const task of tasks) if (task.state === "to_do") task.dueAt = new Date(nowMs + 2 * DAY);

  function* messages(): Iterable<NewMessage> {
    for (const thread of threads) {
      const threadRoll = seededRandom(thread.seed);
      const step = (thread.end - thread.start) / (thread.count - 1);
      for (let i = 0; i < thread.count; i++) {
        const f = fill(threadRoll);
        const fromCustomer = i % 2 === 0;
        const byStaff = !fromCustomer && i >= thread.staffFrom;
        const senderType = fromCustomer ? "customer" : byStaff ? "staff" : "ai";
        const lines = fromCustomer ? CUSTOMER_LINES : byStaff ? STAFF_LINES : AI_LINES;
        yield {
          companyId: company.companyId,
          conversationId: thread.conversationId,
          senderType,
          senderName: fromCustomer ? thread.customer : byStaff ? "Bench User" : (thread.ai?.name ?? "AI employee"),
          userId: byStaff ? company.staffUserId : null,
          aiEmployeeId: senderType === "ai" ? (thread.ai?.id ?? null) : null,
          content: pick(lines, threadRoll)(f),
          // The last message's time is the conversation's last activity.
          createdAt: new Date(i === thread.count - 1 ? thread.end : Math.floor(thread.start + step * i)),
        };
      }
    }
  }
  const newest = conversations.at(-1)!;
  return {
    customers,
    conversations,
    leads,
    tasks,
    messages,
    probe: {
      aiEmployeeId: company.aiEmployees[0]!.id,
      conversationId: newest.id!,
      customerName: customers[0]!.fullName.split(" ")[1]!,
    },
  };
}
