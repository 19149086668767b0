import multipart from "@fastify/multipart";
import { companySchema, LOGO_MAX_BYTES, LOGO_SIZE_PX, LOGO_TOO_LARGE } from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { readFileField } from "#server/lib/multipart-file.ts";
import { managerOf, pathCompanyId } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { changeCompanyLogo, removeCompanyLogo } from "./logo.service.ts";

const tags = ["companies"];
const params = z.object({ companyId: z.string() });
const logoAnswerSchema = companySchema.pick({ logoSmallUrl: true });

/** The one `file` part of the upload, at most LOGO_MAX_BYTES (413 above); other parts are read and dropped. */
async function readLogoUpload(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart())
    throw httpError(415, "unsupported_media_type", "Send the logo as multipart/form-data, in a field named file");
  return readFileField(request, {
    maxBytes: LOGO_MAX_BYTES,
    tooLarge: LOGO_TOO_LARGE,
    notAFile: () => httpError(400, "invalid_request", "Send the logo in a multipart field named file"),
  });
}

export const companyLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the upload reads multipart bodies: in its own context, so the company's other writes refuse them.
  await app.register(async (scope) => {
    await scope.register(multipart);
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.post(
      "/app/companies/:companyId/logo.json",
      {
        schema: {
          tags,
          summary: "Upload the company's logo (owners and admins)",
          description: `multipart/form-data with one \`file\`: a PNG, JPEG or WebP image, judged by its bytes (a renamed file, SVG, GIF or anything else answers 422), at most ${LOGO_MAX_BYTES / 1024 / 1024} MB (413 above) and 4096 × 4096 pixels. It is turned upright, cropped to a ${LOGO_SIZE_PX} × ${LOGO_SIZE_PX} square and re-encoded as WebP without its metadata; logo_small_url in /app/me.json points at it for every member at once.`,
          params,
          response: { 200: logoAnswerSchema, ...errorResponses(403, 413, 415, 422) },
        },
      },
      async (request) => {
        const companyId = pathCompanyId(request, request.params.companyId);
        managerOf(request);
        const upload = await readLogoUpload(request);
        return changeCompanyLogo(app, companyId, request.user!.id, upload);
      },
    );
  });

  app.delete(
    "/app/companies/:companyId/logo.json",
    {
      schema: {
        tags,
        summary: "Remove the company's logo (owners and admins)",
        description: "Members see the company's initials again. Answers logo_small_url null, also when there was none.",
        params,
        response: { 200: logoAnswerSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const companyId = pathCompanyId(request, request.params.companyId);
      managerOf(request);
      return removeCompanyLogo(app, companyId, request.user!.id);
    },
  );
};
