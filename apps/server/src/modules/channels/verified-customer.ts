import type { CustomerIdentityKind } from "@foreman/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { customerIdentities, customers } from "#server/db/schema/index.ts";

// The one way a channel recognises a customer it did not create in this conversation: by an identifier
// the channel verified (customer_identities). Contact data a person typed is stored, never matched.

export type VerifiedIdentity = { companyId: string; kind: CustomerIdentityKind; value: string };

/**
 * The company's customer with this verified identifier, or a new one (with the given contact data)
 * that the identifier then points to. One at a time per identifier, in the caller's transaction.
 */
export async function customerOfVerifiedIdentity(
  tx: Executor,
  identity: VerifiedIdentity,
  newCustomer: { fullName: string; phone?: string | null; email?: string | null },
): Promise<string> {
  const { companyId, kind, value } = identity;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-identity:${companyId}:${kind}:${value}`}))`);
  const [known] = await tx
    .select({ customerId: customerIdentities.customerId })
    .from(customerIdentities)
    .where(
      and(
        eq(customerIdentities.companyId, companyId),
        eq(customerIdentities.kind, kind),
        eq(customerIdentities.value, value),
      ),
    );
  if (known) return known.customerId;
  const [created] = await tx
    .insert(customers)
    .values({
      companyId,
      fullName: newCustomer.fullName,
      phone: newCustomer.phone ?? null,
      email: newCustomer.email ?? null,
    })
    .returning({ id: customers.id });
  await tx.insert(customerIdentities).values({ companyId, customerId: created!.id, kind, value });
  return created!.id;
}

/** The customer's verified identifier of this kind (where to reach them), or null. */
export async function verifiedIdentityOf(
  db: Executor,
  companyId: string,
  customerId: string,
  kind: CustomerIdentityKind,
): Promise<string | null> {
  const [row] = await db
    .select({ value: customerIdentities.value })
    .from(customerIdentities)
    .where(
      and(
        eq(customerIdentities.companyId, companyId),
        eq(customerIdentities.customerId, customerId),
        eq(customerIdentities.kind, kind),
      ),
    )
    .orderBy(customerIdentities.verifiedAt)
    .limit(1);
  return row?.value ?? null;
}
