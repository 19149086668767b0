import type { Executor } from "#server/db/client.ts";
import { customers } from "#server/db/schema/index.ts";

/**
 * A new customer for a sender whose address proves nothing (an email's From: no SPF or DKIM check
 * here): the address is kept as contact data, never matched to a customer the company already has
 * (verified-customer.ts is the only way to do that).
 */
export async function newUnverifiedCustomer(
  tx: Executor,
  customer: { companyId: string; fullName: string; email: string },
): Promise<string> {
  const [row] = await tx.insert(customers).values(customer).returning({ id: customers.id });
  return row!.id;
}
