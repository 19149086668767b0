import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { contentDisposition, fileContentSecurityPolicy, findAttachmentFile } from "./attachment-files.ts";

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/files/:id/:accessKey/:fileName",
    {
      schema: {
        tags: ["conversations"],
        summary: "An attachment's bytes (public: the access key in the URL is the capability)",
        description:
          "The URL comes with the message (`attachments[].url`). No bearer header, so `<img>` and `<a>` work. A wrong key, an unknown id and a malformed one answer the same 404. Raster images and PDFs are inline, everything else a download; `x-content-type-options: nosniff`, `cache-control: private, max-age=31536000, immutable`.",
        params: z.object({ id: z.string(), accessKey: z.string(), fileName: z.string() }),
        response: { 200: z.any().describe("The file, with its stored content type"), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const file = await findAttachmentFile(app.db, request.params.id, request.params.accessKey);
      if (!file) throw httpError(404, "not_found", "File not found");
      const policy = fileContentSecurityPolicy(file.contentType);
      if (policy) reply.header("content-security-policy", policy);
      return (
        reply
          .header("content-type", file.contentType)
          .header("content-length", file.data.byteLength)
          .header("content-disposition", contentDisposition(file.contentType, file.fileName))
          .header("x-content-type-options", "nosniff")
          // Never changes (a new file is a new id and key); private: it is a capability, not for shared caches.
          .header("cache-control", "private, max-age=31536000, immutable")
          .send(file.data)
      );
    },
  );
};
