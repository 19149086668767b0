import type { WhatsappTemplate } from "@foreman/contract";
import { and, asc, eq, isNotNull, notInArray } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type WhatsappTemplateRow, whatsappTemplates } from "#server/db/schema/index.ts";

export function listTemplateRows(db: Executor, companyId: string): Promise<WhatsappTemplateRow[]> {
  return db
    .select()
    .from(whatsappTemplates)
    .where(eq(whatsappTemplates.companyId, companyId))
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
}

export async function findTemplate(db: Executor, companyId: string, id: string): Promise<WhatsappTemplateRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.id, id)));
  return row ?? null;
}

export async function findTemplateByName(
  db: Executor,
  companyId: string,
  name: string,
  language: string,
): Promise<WhatsappTemplateRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.companyId, companyId),
        eq(whatsappTemplates.name, name),
        eq(whatsappTemplates.language, language),
      ),
    );
  return row ?? null;
}

export async function findTemplateByMetaId(
  db: Executor,
  companyId: string,
  metaTemplateId: string,
): Promise<WhatsappTemplateRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.metaTemplateId, metaTemplateId)));
  return row ?? null;
}

/** Forgets the submitted templates Meta no longer has (drafts stay: Meta never had them). */
export async function deleteTemplatesNotIn(db: Executor, companyId: string, metaIds: string[]): Promise<number> {
  const gone = await db
    .delete(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.companyId, companyId),
        isNotNull(whatsappTemplates.metaTemplateId),
        metaIds.length > 0 ? notInArray(whatsappTemplates.metaTemplateId, metaIds) : undefined,
      ),
    )
    .returning({ id: whatsappTemplates.id });
  return gone.length;
}

export function toTemplate(row: WhatsappTemplateRow): WhatsappTemplate {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    headerText: row.headerText,
    body: row.body,
    footerText: row.footerText,
    variables: row.variables,
    rejectionReason: row.rejectionReason,
    metaTemplateId: row.metaTemplateId,
    syncedAt: row.syncedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
