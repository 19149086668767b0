import type { FieldError, ResponsibleInput } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiEmployees, conversations, customers, memberships, quotes, users } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { personName } from "./ticket-view.ts";

// What a ticket points at must be the company's own: its client, conversation, order, responsible and
// followers. An id from another company (or made up) is refused with the field named, the same 422
// whether the record exists elsewhere or nowhere, so a tenant learns nothing of another's ids.

export type TicketLinks = {
  customerId?: string | null | undefined;
  conversationId?: string | null | undefined;
  orderId?: string | null | undefined;
  responsible?: ResponsibleInput | null | undefined;
};

export const linkRefused = (details: FieldError[]) =>
  httpError(422, "validation_failed", "Some of these are not the company's", details);

async function exists(query: Promise<unknown[]>): Promise<boolean> {
  return (await query).length > 0;
}

/** A staff member of the company (any role), with the name people see; null when not a member. */
export async function findMember(tx: Executor, companyId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .limit(1);
  return row ? { id: row.id, name: personName(row) } : null;
}

/** An AI employee of the company with its name; null when it is not the company's. */
export async function findCompanyEmployee(tx: Executor, companyId: string, id: string) {
  const [row] = await tx
    .select({ id: aiEmployees.id, name: aiEmployees.name })
    .from(aiEmployees)
    .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, id)))
    .limit(1);
  return row ?? null;
}

/** The responsible as stored and named; refuses one that is not the company's. */
export async function resolveResponsible(tx: Executor, companyId: string, input: ResponsibleInput) {
  const found =
    input.kind === "user"
      ? await findMember(tx, companyId, input.id)
      : await findCompanyEmployee(tx, companyId, input.id);
  if (!found)
    throw linkRefused([
      {
        field: "responsible.id",
        message: input.kind === "user" ? "Not a member of this company" : "Not an AI employee of this company",
      },
    ]);
  return { kind: input.kind, id: found.id, name: found.name };
}

/**
 * Refuses, in one answer naming every field, the links that are not the company's. The order must
 * also be the client's own when both are given.
 */
export async function checkTicketLinks(tx: Executor, companyId: string, links: TicketLinks): Promise<void> {
  const problems: FieldError[] = [];
  if (
    links.customerId &&
    !(await exists(
      tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, links.customerId)))
        .limit(1),
    ))
  )
    problems.push({ field: "customerId", message: "Not a customer of this company" });
  if (
    links.conversationId &&
    !(await exists(
      tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.companyId, companyId), eq(conversations.id, links.conversationId)))
        .limit(1),
    ))
  )
    problems.push({ field: "conversationId", message: "Not a conversation of this company" });
  if (links.orderId) {
    const [order] = await tx
      .select({ customerId: quotes.customerId })
      .from(quotes)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, links.orderId)))
      .limit(1);
    if (!order) problems.push({ field: "orderId", message: "Not an order of this company" });
    else if (links.customerId && order.customerId && order.customerId !== links.customerId)
      problems.push({ field: "orderId", message: "Not an order of this client" });
  }
  if (problems.length > 0) throw linkRefused(problems);
  if (links.responsible) await resolveResponsible(tx, companyId, links.responsible);
}
