import { attachmentContentIssue, mediaType } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import { messages } from "#server/db/schema/index.ts";
import { findMessage, insertAttachments, listAttachmentsOf, newAccessKey } from "../conversations/index.ts";
import { companyJobHandler, type JobHandler } from "../jobs/index.ts";
import { findConnection } from "./connections.repository.ts";
import { GraphApiError } from "./graph-api.ts";
import { tokenOf, type WhatsappDeps } from "./whatsapp-deps.ts";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/amr": "amr",
  "audio/aac": "aac",
  "audio/mp4": "m4a",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "application/pdf": "pdf",
  "text/plain": "txt",
};

/**
 * The `whatsapp_media` job: downloads what a customer sent (photo, document, voice note…) from Meta and
 * stores it as the message's attachment, once. Bytes that are not what Meta declared are not stored
 * (the same check as every upload); Meta failing is retried.
 */
export function whatsappMediaHandler(deps: WhatsappDeps): JobHandler {
  return companyJobHandler(async (job) => {
    const [row] = await deps.db
      .select({ id: messages.id, whatsapp: messages.whatsapp, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.companyId, job.companyId), eq(messages.id, job.subjectId)));
    const media = row?.whatsapp?.media;
    if (!row || !media) return { status: "done" };
    const connection = await findConnection(deps.db, job.companyId);
    const token = tokenOf(deps, connection);
    if (!deps.graph || !token)
      return { status: "failed", error: "WhatsApp is not connected: the file cannot be fetched" };
    let file: { data: Uint8Array; contentType: string };
    try {
      file = await deps.graph.downloadMedia(token, media.id);
    } catch (error) {
      if (error instanceof GraphApiError && !error.retryable) return { status: "failed", error: error.explanation };
      throw error;
    }
    const contentType = mediaType(media.mimeType ?? file.contentType);
    const issue = attachmentContentIssue(file.data, contentType);
    if (issue) return { status: "failed", error: `The file was not stored: ${issue}` };
    await deps.db.transaction(async (tx) => {
      // A job run twice stores the file once.
      const [locked] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, row.id)).for("update");
      if (!locked) return;
      if ((await listAttachmentsOf(tx, [row.id])).get(row.id)?.length) return;
      await insertAttachments(tx, [
        {
          companyId: job.companyId,
          messageId: row.id,
          fileName:
            media.fileName ??
            `whatsapp-${row.createdAt.toISOString().slice(0, 10)}.${EXTENSIONS[contentType] ?? "bin"}`,
          contentType,
          accessKey: newAccessKey(),
          data: file.data,
        },
      ]);
    });
    const message = await findMessage(deps.db, job.companyId, row.id);
    if (message)
      await deps.events.publish(job.companyId, {
        type: "message.updated",
        conversationId: message.conversationId,
        message,
      });
    return { status: "done" };
  });
}
