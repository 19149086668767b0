import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { findOriginalMail } from "./email-messages.repository.ts";

/** A customer's mail as it arrived, for staff: everything the parser left out is in it (company-scoped). */
export const emailMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/email_messages/:id/original.eml",
    {
      schema: {
        tags: ["email"],
        summary: "The original of a customer's mail (.eml)",
        description:
          "The message's mail exactly as it arrived (RFC 822, attachments included), as an attachment of type message/rfc822 named message-<id>.eml. 404 for a message that did not come in by mail, or another company's. Every member may download it.",
        params: z.object({ id: z.string() }),
        produces: ["message/rfc822"],
        response: { 200: z.unknown().describe("the mail's bytes"), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const raw = isUuid(id) ? await findOriginalMail(app.db, companyOf(request).id, id) : null;
      if (!raw) throw httpError(404, "not_found", "Original mail not found");
      return (
        reply
          .header("content-type", "message/rfc822")
          .header("content-disposition", `attachment; filename="message-${id.slice(0, 8).toLowerCase()}.eml"`)
          // The browser must save it, never render the customer's markup as a page of ours.
          .header("x-content-type-options", "nosniff")
          .send(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength))
      );
    },
  );
};
