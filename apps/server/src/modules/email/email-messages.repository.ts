import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { inboundEmails } from "#server/db/schema/index.ts";

/** The mail a customer message was read from, byte for byte, when it is the company's; else null. */
export async function findOriginalMail(db: Executor, companyId: string, messageId: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ raw: inboundEmails.raw })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.companyId, companyId), eq(inboundEmails.messageId, messageId)))
    .limit(1);
  return row?.raw ?? null;
}
