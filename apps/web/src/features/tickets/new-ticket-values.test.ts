import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-error.ts";
import {
  EMPTY_NEW_TICKET,
  type NewTicketValues,
  newTicketBody,
  newTicketFieldOf,
  newTicketRefusal,
  parseNewTicket,
} from "./new-ticket-values.ts";

const CUSTOMER = "c0c0c0c0-0000-4c1e-9d55-2f1f1c9a2b30";
const USER = "0b6f4a3e-0000-4c1e-9d55-2f1f1c9a2b10";
const values = (overrides: Partial<NewTicketValues>): NewTicketValues => ({ ...EMPTY_NEW_TICKET, ...overrides });

describe("the new ticket's body", () => {
  it("sends a picked client by id, with the request, the responsible and the tags", () => {
    const parsed = parseNewTicket(
      values({
        customerId: CUSTOMER,
        subject: "  Chairs arrived broken ",
        description: "Two legs snapped.",
        priority: "high",
        type: "incident",
        source: "phone",
        responsible: `user:${USER}`,
        tags: "Damaged Goods, refund, ,refund",
        // Typed in the other mode, then left: not sent.
        clientName: "Someone",
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      input: {
        subject: "Chairs arrived broken",
        description: "Two legs snapped.",
        priority: "high",
        type: "incident",
        source: "phone",
        customerId: CUSTOMER,
        responsible: { kind: "user", id: USER },
        tags: ["damaged-goods", "refund"],
      },
    });
  });

  it("sends a typed client as a new one, leaving out what was left empty", () => {
    const body = newTicketBody(
      values({
        clientMode: "new",
        clientName: "Lucía Romero",
        clientEmail: " ",
        clientPhone: "+34 600",
        subject: "Hi!",
      }),
    );
    expect(body.client).toEqual({
      fullName: "Lucía Romero",
      email: undefined,
      phone: "+34 600",
      organization: undefined,
    });
    expect(body.customerId).toBeUndefined();
    expect(body.responsible).toBeUndefined();
  });

  it("puts the product's messages on the fields they are about", () => {
    expect(parseNewTicket(values({ subject: "" }))).toEqual({
      ok: false,
      errors: { customerId: "Required", subject: "Required" },
    });
    expect(
      parseNewTicket(values({ clientMode: "new", clientEmail: "not-mail", subject: "No", tags: "x".repeat(41) })),
    ).toEqual({
      ok: false,
      errors: {
        clientName: "Required",
        clientEmail: "Invalid email address",
        subject: "Must be at least 3 characters",
        tags: "Must be at most 40 characters",
      },
    });
  });
});

describe("a refused ticket", () => {
  it("finds the form's field of the server's snake_case names", () => {
    expect(newTicketFieldOf("client.full_name")).toBe("clientName");
    expect(newTicketFieldOf("customer_id")).toBe("customerId");
    expect(newTicketFieldOf("responsible.id")).toBe("responsible");
    expect(newTicketFieldOf("tags.3")).toBe("tags");
    expect(newTicketFieldOf("order_id")).toBeUndefined();
  });

  it("puts the server's details on the fields, or says the refusal in one message", () => {
    const refused = new ApiError(422, {
      error: "validation_failed",
      errorDescription: "Some of these are not the company's",
      details: [{ field: "responsible.id", message: "Not a member of this company" }],
    });
    expect(newTicketRefusal(refused)).toEqual({ fields: { responsible: "Not a member of this company" } });
    const forbidden = new ApiError(403, { error: "forbidden", errorDescription: "Only an owner or an admin can" });
    expect(newTicketRefusal(forbidden)).toEqual({ fields: {}, message: "Only an owner or an admin can" });
  });
});
