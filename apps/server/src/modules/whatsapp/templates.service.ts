import {
  type FieldError,
  TEMPLATES_PER_COMPANY_MAX,
  type TemplateStatus,
  templateStatusFromMeta,
  validateTemplate,
  type WhatsappTemplate,
  type WhatsappTemplateList,
  type whatsappTemplateInputSchema,
} from "@foreman/contract";
import { count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "#server/db/client.ts";
import { type WhatsappConnectionRow, whatsappTemplates } from "#server/db/schema/index.ts";
import { httpError, notFound } from "#server/lib/http-error.ts";
import { isUniqueViolation } from "#server/lib/unique-violation.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { findConnection, updateConnection } from "./connections.repository.ts";
import { GraphApiError } from "./graph-api.ts";
import { fromMetaTemplate, toMetaCategory, toMetaComponents } from "./template-components.ts";
import {
  deleteTemplatesNotIn,
  findTemplate,
  findTemplateByMetaId,
  findTemplateByName,
  listTemplateRows,
  toTemplate,
} from "./templates.repository.ts";
import { announce, requireGraph, tokenOf, type WhatsappDeps } from "./whatsapp-deps.ts";

type TemplateInput = z.output<typeof whatsappTemplateInputSchema>;
export type TemplateWriter = { deps: WhatsappDeps; companyId: string; userId: string };

export async function listTemplates(deps: WhatsappDeps, companyId: string): Promise<WhatsappTemplateList> {
  const [rows, connection] = await Promise.all([
    listTemplateRows(deps.db, companyId),
    findConnection(deps.db, companyId),
  ]);
  return {
    templates: rows.map(toTemplate),
    syncedAt: connection?.templatesSyncedAt?.toISOString() ?? null,
    connected: isConnected(deps, connection),
  };
}

const isConnected = (deps: WhatsappDeps, connection: WhatsappConnectionRow | null) =>
  connection?.state === "connected" && tokenOf(deps, connection) !== null;

/** The connected number and its token, or 409 saying templates can only be drafted for now. */
async function connectedAccount(deps: WhatsappDeps, companyId: string) {
  requireGraph(deps);
  const connection = await findConnection(deps.db, companyId);
  const token = connection?.state === "connected" ? tokenOf(deps, connection) : null;
  if (!connection || !token)
    throw httpError(
      409,
      "whatsapp_not_connected",
      "Connect a WhatsApp number first: until then templates can be saved as drafts only",
    );
  return { connection, token, graph: deps.graph! };
}

/**
 * Reads every template of the WABA into ours: new ones are added, known ones take Meta's content and
 * status (how their variables are filled stays ours), and submitted ones Meta no longer has are removed.
 */
export async function syncTemplates(
  deps: WhatsappDeps,
  connection: WhatsappConnectionRow,
  token: string,
): Promise<{ added: number; updated: number; removed: number }> {
  const metaTemplates = await deps.graph!.listTemplates(token, connection.wabaId);
  const now = new Date();
  let added = 0;
  let updated = 0;
  const removed = await deps.db.transaction(async (tx) => {
    for (const meta of metaTemplates) {
      const known =
        (await findTemplateByMetaId(tx, connection.companyId, meta.id)) ??
        (await findTemplateByName(tx, connection.companyId, meta.name, meta.language));
      const values = { ...fromMetaTemplate(meta, known?.variables), metaTemplateId: meta.id, syncedAt: now };
      if (known) {
        await tx
          .update(whatsappTemplates)
          .set({ ...values, updatedAt: now })
          .where(eq(whatsappTemplates.id, known.id));
        updated++;
      } else {
        await tx.insert(whatsappTemplates).values({ companyId: connection.companyId, ...values });
        added++;
      }
    }
    return deleteTemplatesNotIn(
      tx,
      connection.companyId,
      metaTemplates.map((meta) => meta.id),
    );
  });
  await updateConnection(deps.db, connection.companyId, { templatesSyncedAt: now });
  return { added, updated, removed };
}

/** "Sync now": 409 when not connected; Meta's refusal as a 422 naming its reason. */
export async function syncTemplatesNow(deps: WhatsappDeps, companyId: string): Promise<WhatsappTemplateList> {
  const { connection, token } = await connectedAccount(deps, companyId);
  try {
    await syncTemplates(deps, connection, token);
  } catch (error) {
    throw metaRefusal(error, "Meta would not list the templates");
  }
  await announce(deps, companyId, {});
  return listTemplates(deps, companyId);
}

/** A Graph error as the 422 staff read (Meta's own words), anything else as is. */
function metaRefusal(error: unknown, what: string): unknown {
  if (!(error instanceof GraphApiError)) return error;
  if (error.retryable)
    return httpError(503, "whatsapp_unavailable", `${what}: ${error.explanation}. Try again shortly.`);
  return httpError(422, "whatsapp_rejected", `${what}: ${error.explanation}`);
}

function checkTemplate(input: TemplateInput): void {
  const issues = validateTemplate({ ...input, variables: input.variables });
  if (issues.length > 0)
    throw httpError(
      422,
      "validation_error",
      "The template does not meet WhatsApp's rules",
      issues.map((issue): FieldError => ({ field: issue.field, message: issue.message })),
    );
}

const contentOf = (input: TemplateInput) => ({
  headerText: input.headerText?.trim() || null,
  body: input.body.trim(),
  footerText: input.footerText?.trim() || null,
  variables: input.variables.map((variable) => ({ source: variable.source, example: variable.example.trim() })),
});

/** Sends a new template (or a draft) to Meta for review; Meta's refusal as the 422 staff read. */
async function submitToMeta(
  deps: WhatsappDeps,
  companyId: string,
  input: TemplateInput,
  content: ReturnType<typeof contentOf>,
): Promise<{ metaTemplateId: string; status: TemplateStatus; syncedAt: Date }> {
  const { connection, token, graph } = await connectedAccount(deps, companyId);
  try {
    const created = await graph.createTemplate(token, connection.wabaId, {
      name: input.name,
      language: input.language,
      category: toMetaCategory(input.category),
      components: toMetaComponents(content),
    });
    return {
      metaTemplateId: created.id,
      status: templateStatusFromMeta(created.status) ?? "pending_review",
      syncedAt: new Date(),
    };
  } catch (error) {
    throw metaRefusal(error, "Meta refused the template");
  }
}

const duplicate = () =>
  httpError(409, "conflict", "A template with this name and language already exists", [
    { field: "name", message: "already used for this language" },
  ]);

export async function createTemplate(writer: TemplateWriter, input: TemplateInput): Promise<WhatsappTemplate> {
  const { deps, companyId } = writer;
  checkTemplate(input);
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: count() })
    .from(whatsappTemplates)
    .where(eq(whatsappTemplates.companyId, companyId));
  if (total >= TEMPLATES_PER_COMPANY_MAX)
    throw httpError(409, "limit_reached", `A company can keep at most ${TEMPLATES_PER_COMPANY_MAX} templates`);
  if (await findTemplateByName(deps.db, companyId, input.name, input.language)) throw duplicate();
  const content = contentOf(input);
  const submitted = input.submit ? await submitToMeta(deps, companyId, input, content) : null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(whatsappTemplates)
        .values({
          companyId,
          name: input.name,
          language: input.language,
          category: input.category,
          ...content,
          status: submitted?.status ?? "draft",
          metaTemplateId: submitted?.metaTemplateId ?? null,
          syncedAt: submitted?.syncedAt ?? null,
        })
        .returning();
      await record(
        tx,
        writer,
        "whatsapp_template.created",
        inserted!.id,
        `Created the WhatsApp template ${input.name}`,
      );
      return inserted!;
    });
    await announce(deps, companyId, { templateId: row.id });
    return toTemplate(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/**
 * Edits a template. A draft may change anything, and is submitted when `submit` is true. Once at Meta,
 * only its content and category can change (Meta keeps name and language), and it goes back to review.
 */
export async function updateTemplate(
  writer: TemplateWriter,
  id: string,
  input: TemplateInput,
): Promise<WhatsappTemplate> {
  const { deps, companyId } = writer;
  const existing = isUuid(id) ? await findTemplate(deps.db, companyId, id) : null;
  if (!existing) throw notFound("Template not found");
  checkTemplate(input);
  const content = contentOf(input);
  const patch: Partial<typeof whatsappTemplates.$inferInsert> = { ...content, category: input.category };
  if (existing.metaTemplateId) {
    if (existing.name !== input.name || existing.language !== input.language)
      throw httpError(422, "validation_error", "Meta keeps a submitted template's name and language", [
        { field: existing.name !== input.name ? "name" : "language", message: "cannot change once submitted" },
      ]);
    if (!input.submit)
      throw httpError(422, "validation_error", "A submitted template cannot go back to being a draft", [
        { field: "submit", message: "submit the changes for review instead" },
      ]);
    const { token, graph } = await connectedAccount(deps, companyId);
    try {
      await graph.editTemplate(token, existing.metaTemplateId, {
        category: toMetaCategory(input.category),
        components: toMetaComponents(content),
      });
    } catch (error) {
      throw metaRefusal(error, "Meta refused the changes");
    }
    Object.assign(patch, { status: "pending_review", rejectionReason: null, syncedAt: new Date() });
  } else {
    Object.assign(patch, { name: input.name, language: input.language });
    if (
      (existing.name !== input.name || existing.language !== input.language) &&
      (await findTemplateByName(deps.db, companyId, input.name, input.language))
    )
      throw duplicate();
    if (input.submit) Object.assign(patch, await submitToMeta(deps, companyId, input, content));
  }
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(whatsappTemplates)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(whatsappTemplates.id, existing.id))
        .returning();
      await record(tx, writer, "whatsapp_template.updated", existing.id, `Edited the WhatsApp template ${input.name}`);
      return updated!;
    });
    await announce(deps, companyId, { templateId: row.id });
    return toTemplate(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Deletes a template here and, when submitted, at Meta (one Meta no longer has is deleted here anyway). */
export async function deleteTemplate(writer: TemplateWriter, id: string): Promise<void> {
  const { deps, companyId } = writer;
  const existing = isUuid(id) ? await findTemplate(deps.db, companyId, id) : null;
  if (!existing) throw notFound("Template not found");
  if (existing.metaTemplateId) {
    const { connection, token, graph } = await connectedAccount(deps, companyId);
    try {
      await graph.deleteTemplate(token, connection.wabaId, existing.name, existing.metaTemplateId);
    } catch (error) {
      // Code 100 on delete: Meta has no such template any more, which is what was asked.
      if (!(error instanceof GraphApiError && error.code === 100 && !error.retryable))
        throw metaRefusal(error, "Meta would not delete the template");
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(whatsappTemplates).where(eq(whatsappTemplates.id, existing.id));
    await record(
      tx,
      writer,
      "whatsapp_template.deleted",
      existing.id,
      `Deleted the WhatsApp template ${existing.name}`,
    );
  });
  await announce(deps, companyId, { templateId: existing.id });
}

async function record(
  tx: Executor,
  writer: TemplateWriter,
  kind: "whatsapp_template.created" | "whatsapp_template.updated" | "whatsapp_template.deleted",
  templateId: string,
  summary: string,
) {
  await recordActivity(tx, {
    companyId: writer.companyId,
    kind,
    actor: await staffActor(tx, writer.userId),
    subject: { type: "whatsapp_template", id: templateId },
    summary,
  });
}
