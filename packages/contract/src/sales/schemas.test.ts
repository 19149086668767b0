import { describe, expect, it } from "vitest";
import { z } from "zod";
import { camelizeKeys } from "../http/case.ts";
import {
  lineItemSchema,
  quoteDetailSchema,
  quoteSummarySchema,
  quotesPageSchema,
  quotesQuerySchema,
} from "../orders/schemas.ts";
import { parsePeriodQuery } from "../period/period.ts";
import { periodQueryOf } from "../period/period-query.ts";
import {
  leadsBreakdownItemSchema,
  leadsBreakdownQuerySchema,
  salesIndicatorsQuerySchema,
  salesIndicatorsSchema,
} from "./schemas.ts";

const uuid = "3f1c2a9e-8b7d-4c6e-9a5f-1b2c3d4e5f60";
const at = "2026-11-21T10:00:00.000Z";

const indicators = {
  totalSalesAmount: { present: 1234.5, past: 1000, currency: "USD" },
  totalCustomers: { present: 3, past: 2 },
  leadsCount: { present: 10, past: 8 },
  qualifiedLeadsCount: { present: 6, past: 5 },
  quoted: { present: 4, past: 4 },
  inFollowUp: { present: 2, past: 1 },
  won: { present: 1, past: 0 },
  turnaroundTimeMinutes: { present: 95.5, past: 0 },
};

const lead = {
  id: uuid,
  conversationId: uuid,
  source: "WhatsApp campaign",
  channel: "whatsapp",
  personName: "Ana Rivera",
  companyName: "Andes Comercial",
  need: "Cement for a warehouse",
  dealSize: { amountCents: 1_250_000, currency: "CLP" },
  date: at,
  currentStage: "quoted",
  conversation: { chatConversationDisplayId: 42, chatInboxId: 3 },
};

const line = {
  sku: "CEM-25",
  productName: "Cement bag 25 kg",
  quantity: 12,
  measureUnit: "bag",
  unitPriceCents: 950,
  totalCents: 11_400,
  currency: "USD",
};

const summary = {
  id: uuid,
  number: 1042,
  createdAt: at,
  totalCents: 11_400,
  totalCurrency: "USD",
  state: "sent",
  customer: { fullName: "Ana Rivera", organization: "Rivera Obras" },
  lineItems: [{ productName: "Cement bag 25 kg", quantity: 12 }],
};

const detail = {
  id: uuid,
  number: 1042,
  createdAt: at,
  state: "completed",
  currency: "USD",
  subtotalCents: 10_000,
  taxCents: 1400,
  totalCents: 11_400,
  customer: { id: uuid, fullName: "Ana Rivera", email: "ana@example.com", phone: null, organization: null },
  deliveryAddress: { line1: "1 Main St", line2: null, city: "Lima", region: null, postalCode: null, country: "PE" },
  lineItems: [line],
  lead: { id: uuid, stage: "won", source: "email", channel: "email" },
  conversation: { id: uuid, chatConversationDisplayId: 42, chatInboxId: 3 },
  aiEmployee: { id: uuid, name: "Sales AI" },
};

describe("response schemas", () => {
  it("accept a full, valid answer", () => {
    expect(salesIndicatorsSchema.parse(indicators)).toEqual(indicators);
    expect(leadsBreakdownItemSchema.parse(lead)).toEqual(lead);
    expect(lineItemSchema.parse(line)).toEqual(line);
    expect(quoteSummarySchema.parse(summary)).toEqual(summary);
    expect(quoteDetailSchema.parse(detail)).toEqual(detail);
    expect(quotesPageSchema.parse({ quotes: [summary], total: 1, page: 1, perPage: 25 }).total).toBe(1);
  });

  it("allow the missing parts the detail page has empty texts for", () => {
    const bare = {
      ...detail,
      customer: null,
      deliveryAddress: null,
      lineItems: [],
      lead: null,
      conversation: null,
      aiEmployee: null,
    };
    expect(quoteDetailSchema.safeParse(bare).success).toBe(true);
    expect(quoteSummarySchema.safeParse({ ...summary, customer: null }).success).toBe(true);
    expect(
      quoteSummarySchema.safeParse({ ...summary, customer: { fullName: "Ana", organization: null } }).success,
    ).toBe(true);
    const noConversation = { ...lead, conversationId: null, conversation: null, companyName: null, need: null };
    expect(leadsBreakdownItemSchema.safeParse(noConversation).success).toBe(true);
  });

  it("refuse values outside the spec's lists and malformed fields", () => {
    expect(
      salesIndicatorsSchema.safeParse({ ...indicators, totalSalesAmount: { present: 1, past: 1, currency: "SEK" } })
        .success,
    ).toBe(false);
    expect(salesIndicatorsSchema.safeParse({ ...indicators, won: { present: 1.5, past: 0 } }).success).toBe(false);
    expect(salesIndicatorsSchema.safeParse({ ...indicators, leadsCount: { present: -1, past: 0 } }).success).toBe(
      false,
    );
    expect(leadsBreakdownItemSchema.safeParse({ ...lead, currentStage: "negotiating" }).success).toBe(false);
    expect(leadsBreakdownItemSchema.safeParse({ ...lead, channel: "fax" }).success).toBe(false);
    expect(leadsBreakdownItemSchema.safeParse({ ...lead, date: "21/11/2026" }).success).toBe(false);
    expect(quoteSummarySchema.safeParse({ ...summary, state: "shipped" }).success).toBe(false);
    expect(quoteSummarySchema.safeParse({ ...summary, totalCents: 10.5 }).success).toBe(false);
    const { customer: _customer, ...withoutCustomer } = summary;
    expect(quoteSummarySchema.safeParse(withoutCustomer).success).toBe(false);
    expect(lineItemSchema.safeParse({ ...line, quantity: 0 }).success).toBe(false);
  });

  it("accept a fractional quantity", () => {
    expect(lineItemSchema.safeParse({ ...line, quantity: 2.5 }).success).toBe(true);
  });

  it("can be turned into JSON Schema for the OpenAPI document", () => {
    for (const schema of [salesIndicatorsSchema, leadsBreakdownItemSchema, quotesPageSchema, quoteDetailSchema]) {
      expect(() => z.toJSONSchema(schema)).not.toThrow();
    }
    for (const schema of [salesIndicatorsQuerySchema, leadsBreakdownQuerySchema, quotesQuerySchema]) {
      expect(() => z.toJSONSchema(schema, { io: "input" })).not.toThrow();
    }
  });
});

describe("query schemas (keys as routes see them after the snake→camel renaming)", () => {
  // What the server's preValidation hook does to the wire's query string.
  const fromWire = (query: Record<string, string>) => camelizeKeys<Record<string, string>>(query);

  it("read the wire's keys once renamed", () => {
    const query = salesIndicatorsQuerySchema.parse(
      fromWire({ relative_date: "weekly", "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" }),
    );
    expect(query).toEqual({
      relativeDate: "weekly",
      "q[createdAtGteq]": "2026-01-01",
      "q[createdAtLteq]": "2026-01-31",
    });
    expect(periodQueryOf(query)).toEqual({ relativeDate: "weekly", gteq: "2026-01-01", lteq: "2026-01-31" });
    const period = parsePeriodQuery(periodQueryOf(query), { defaultFrame: "daily" });
    expect(period.ok && period.period.frame).toBe("custom");
  });

  it("leave everything optional", () => {
    expect(salesIndicatorsQuerySchema.parse({})).toEqual({});
    expect(leadsBreakdownQuerySchema.parse({})).toEqual({ page: 1, perPage: 25 });
    expect(quotesQuerySchema.parse({})).toEqual({ page: 1, perPage: 25 });
  });

  it("refuse an unknown relative_date, stage or state with a clear message", () => {
    const frame = salesIndicatorsQuerySchema.safeParse({ relativeDate: "yearly" });
    expect(frame.error?.issues[0]).toMatchObject({
      path: ["relativeDate"],
      message: "Must be one of daily, weekly, monthly",
    });
    const stage = leadsBreakdownQuerySchema.safeParse({ stage: "negotiating" });
    expect(stage.error?.issues[0]?.message).toBe("Must be one of new, qualified, quoted, following_up, won, lost");
    const state = quotesQuerySchema.safeParse(fromWire({ "q[state_eq]": "shipped" }));
    expect(state.error?.issues[0]?.path).toEqual(["q[stateEq]"]);
  });

  it("read the four quote filters and pagination", () => {
    const query = quotesQuerySchema.parse(
      fromWire({
        "q[conversation_id_eq]": uuid,
        "q[lead_id_eq]": uuid,
        "q[ai_employee_id_eq]": uuid,
        "q[state_eq]": "completed",
        page: "2",
        per_page: "50",
      }),
    );
    expect(query).toMatchObject({
      "q[conversationIdEq]": uuid,
      "q[leadIdEq]": uuid,
      "q[aiEmployeeIdEq]": uuid,
      "q[stateEq]": "completed",
      page: 2,
      perPage: 50,
    });
  });

  it("refuse a filter id that is not a UUID and out-of-range pagination", () => {
    const bad = quotesQuerySchema.safeParse(fromWire({ "q[lead_id_eq]": "42" }));
    expect(bad.error?.issues[0]).toMatchObject({ path: ["q[leadIdEq]"], message: "Must be a UUID" });
    expect(quotesQuerySchema.safeParse({ perPage: "101" }).success).toBe(false);
    expect(leadsBreakdownQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });
});
