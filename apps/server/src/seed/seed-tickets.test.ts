import { TICKET_PRIORITIES, TICKET_TYPES } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { DEMO_COMPANIES, DEMO_ORDERS_PER_COMPANY } from "./demo-data.ts";
import { buildConversationRows } from "./seed-conversations.ts";
import { buildSalesRows } from "./seed-sales.ts";
import { demoClock, planTickets, type TicketSeedOptions } from "./seed-tickets.ts";
import { ENGLISH_TICKETS, ISSUE_KEYS, SPANISH_TICKETS } from "./ticket-scripts.ts";
import type { TicketStory } from "./ticket-stories.ts";

// Where the demo's tickets are told, checked in memory (the seeded database is checked in seed-demo.test.ts).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AI = [
  { id: "00000000-0000-4000-8000-0000000000a1", name: "Nora Quinn" },
  { id: "00000000-0000-4000-8000-0000000000a2", name: "Leo Hart" },
];
const STAFF = [{ id: "00000000-0000-4000-8000-0000000000b1", name: "Demo Manager" }];

function options(companyIndex: number, iso: string): TicketSeedOptions {
  const company = DEMO_COMPANIES[companyIndex]!;
  const now = new Date(iso);
  const companyId = `00000000-0000-4000-8000-00000000000${companyIndex + 1}`;
  const seed = companyIndex + 1;
  const sales = buildSalesRows({
    companyId,
    profile: company.sales,
    orders: DEMO_ORDERS_PER_COMPANY,
    aiEmployeeIds: AI.map((a) => a.id),
    seed,
    now,
  });
  const conversationRows = buildConversationRows({
    companyId,
    companyName: company.name,
    profile: company.sales,
    sales,
    aiEmployees: AI,
    staff: STAFF,
    seed,
    now,
    accessKey: () => "key",
  });
  return {
    companyId,
    companyName: company.name,
    profile: company.sales,
    sales,
    conversationRows,
    aiEmployees: new Map(),
    staff: STAFF,
    stories: company.tickets,
    now,
    seed,
  };
}

const stories = DEMO_COMPANIES.map((company) => company.tickets);
const everyStory = stories.flat();

describe("the demo's ticket stories", () => {
  it("cover every priority, type, both states, and tickets with staff, with AI employees and with nobody", () => {
    for (const [index, list] of stories.entries()) {
      const script = DEMO_COMPANIES[index]!.language === "es" ? SPANISH_TICKETS : ENGLISH_TICKETS;
      const priorities = new Set(
        list.flatMap((s) => [
          s.priority ?? script.issues[s.issue].priority,
          ...s.steps.flatMap((step) => (step.kind === "priority" ? [step.to] : [])),
        ]),
      );
      expect(priorities).toEqual(new Set(TICKET_PRIORITIES));
      expect(new Set(list.map((s) => script.issues[s.issue].type))).toEqual(new Set(TICKET_TYPES));
      const closes = (s: TicketStory) => s.steps.filter((step) => step.kind === "close").length;
      const reopens = (s: TicketStory) => s.steps.filter((step) => step.kind === "reopen").length;
      expect(
        list.some((s) => closes(s) > reopens(s)),
        "a closed ticket",
      ).toBe(true);
      expect(
        list.some((s) => closes(s) === reopens(s)),
        "an open ticket",
      ).toBe(true);
      expect(
        list.some((s) => reopens(s) > 0),
        "a reopened ticket",
      ).toBe(true);
      const finalResponsible = (s: TicketStory) =>
        s.steps.reduce((target, step) => (step.kind === "assign" ? step.to : target), s.responsible);
      const kinds = new Set(
        list.map((s) => {
          const target = finalResponsible(s);
          return target === null ? "nobody" : target === "opener" || "ai" in target ? "ai" : "staff";
        }),
      );
      expect(kinds).toEqual(new Set(["nobody", "ai", "staff"]));
      expect(list.some((s) => s.steps.some((step) => step.kind === "follow"))).toBe(true);
      expect(list.some((s) => s.steps.some((step) => step.kind === "note"))).toBe(true);
    }
  });

  it("tell each step after the one before, each story within the last weeks", () => {
    for (const story of everyStory) {
      const afters = story.steps.map((step) => step.after);
      expect(afters).toEqual([...afters].sort((a, b) => a - b));
      expect(new Set(afters).size).toBe(afters.length);
      // Nothing after the end of today: the clock squeezes today's hours into those before now.
      expect(-story.daysAgo * 24 + story.hour + (afters.at(-1) ?? 0)).toBeLessThan(24);
      expect(story.daysAgo).toBeLessThanOrEqual(60);
    }
  });

  it("let an AI employee act only while it was active (Andes' Tomás was deactivated 20 days before the seed)", () => {
    const andes = DEMO_COMPANIES.find((company) => company.language === "es")!;
    const tomas = andes.departments
      .flatMap((department) => department.employees)
      .find((employee) => employee.name === "Tomás Vidal")!;
    expect(tomas.status).toBe("inactive");
    for (const story of andes.tickets.filter((s) => s.opener === "Tomás Vidal")) {
      const aiSteps = story.steps.filter((step) => step.kind === "reopen" || ("by" in step && step.by === "opener"));
      const last = Math.max(0, ...aiSteps.map((step) => step.after));
      // Hours before the start of the seed's day; 21 days keep clear of the deactivation at any hour.
      expect(story.daysAgo * 24 - story.hour - last, `${story.issue} ${story.daysAgo}`).toBeGreaterThanOrEqual(21 * 24);
    }
  });

  it("have a text for every issue in both languages, naming the ticket in the AI employee's answer", () => {
    const ctx = {
      customerFirst: "Ana",
      aiFirst: "Sam",
      companyName: "Northwind Supply",
      order: "#1042",
      product: "Wooden pallet",
      ticket: "T-1007",
    };
    for (const script of [ENGLISH_TICKETS, SPANISH_TICKETS]) {
      expect(Object.keys(script.issues).sort()).toEqual([...ISSUE_KEYS].sort());
      for (const issue of Object.values(script.issues)) {
        expect(issue.reply(ctx)).toContain("T-1007");
        if (issue.aboutOrder) expect(issue.customer(ctx)).toContain("#1042");
        expect(issue.subject(ctx).length).toBeLessThanOrEqual(200);
        expect(issue.tags.every((tag) => tag === tag.toLowerCase() && !/\s/.test(tag))).toBe(true);
      }
      expect(script.aiClose(ctx)).toContain("T-1007");
      expect(script.reopenReply(ctx)).toContain("T-1007");
    }
  });
});

describe("placing the demo's tickets on conversations", () => {
  for (const [index, company] of DEMO_COMPANIES.entries()) {
    it(`puts each of ${company.name}'s tickets on its own customer's conversation, after its last message`, () => {
      const o = options(index, "2026-11-21T10:30:00Z");
      const plans = planTickets(o);
      expect(plans).toHaveLength(company.tickets.length);
      expect(new Set(plans.map((p) => p.conversationId)).size).toBe(plans.length);
      expect(new Set(plans.map((p) => p.customerId)).size).toBe(plans.length);
      // Chronological, so the ticket numbers follow the dates.
      const starts = plans.map((p) => p.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      const clock = demoClock(o.now);
      const conversations = new Map(o.sales.conversations.map((c) => [c.id!, c]));
      const quotes = new Map(o.sales.quotes.map((q) => [q.id!, q]));
      const escalated = new Set(o.conversationRows.tasks.map((t) => t.conversationId));
      const script = company.language === "es" ? SPANISH_TICKETS : ENGLISH_TICKETS;
      for (const plan of plans) {
        const conversation = conversations.get(plan.conversationId)!;
        expect(conversation.customerId).toBe(plan.customerId);
        expect(conversation.handledBy).toBe("ai");
        expect(escalated.has(plan.conversationId)).toBe(false);
        expect((conversation.lastActivityAt as Date).getTime()).toBeLessThanOrEqual(clock(plan.start) - DAY);
        expect(clock(plan.start)).toBeLessThanOrEqual(o.now.getTime());
        if (script.issues[plan.story.issue].aboutOrder) {
          const order = quotes.get(plan.orderId!)!;
          expect(order).toMatchObject({
            conversationId: plan.conversationId,
            state: "completed",
            number: plan.orderNumber,
          });
        } else {
          expect(plan.orderId).toBeNull();
          expect(o.sales.quotes.some((q) => q.conversationId === plan.conversationId)).toBe(false);
        }
      }
    });
  }

  it("places them the same way for the same clock day, whatever the hour", () => {
    const early = planTickets(options(0, "2026-11-21T00:20:00Z"));
    const late = planTickets(options(0, "2026-11-21T23:50:00Z"));
    expect(late.map((p) => p.conversationId)).toEqual(early.map((p) => p.conversationId));
  });

  it("squeezes today's times into the hours before now, order kept, and leaves earlier ones", () => {
    const now = new Date("2026-11-21T06:00:00Z");
    const clock = demoClock(now);
    const today = Date.parse("2026-11-21T00:00:00Z");
    expect(clock(today - HOUR)).toBe(today - HOUR);
    expect(clock(today + 12 * HOUR)).toBe(today + 3 * HOUR);
    expect(clock(today + 24 * HOUR)).toBe(now.getTime());
    expect(clock(today + 2 * HOUR)).toBeLessThan(clock(today + 2 * HOUR + 1000));
  });
});
