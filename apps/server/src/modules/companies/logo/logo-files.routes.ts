import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { findLogoImage } from "./logo.repository.ts";

// The file name is the SHA-256 of the served bytes: anything else is not a logo we could have written.
const LOGO_FILE = /^([0-9a-f]{64})\.webp$/;

export const logoFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/logos/:file",
    {
      schema: {
        tags: ["companies"],
        summary: "A company logo (public: its name is the hash of its content)",
        description:
          "The URL is a company's logo_small_url in /app/me.json: `<sha256>.webp`. No bearer header, so `<img>` works. An unknown hash or any other name answers 404. The content never changes under a name: `cache-control: public, max-age=31536000, immutable`, `x-content-type-options: nosniff`, `content-security-policy: default-src 'none'`.",
        params: z.object({ file: z.string() }),
        produces: ["image/webp"],
        response: { 200: z.any().describe("The logo, a WebP image"), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const sha256 = LOGO_FILE.exec(request.params.file)?.[1];
      const logo = sha256 ? await findLogoImage(app.db, sha256) : null;
      if (!logo) throw httpError(404, "not_found", "Logo not found");
      return (
        reply
          .header("content-type", logo.contentType)
          .header("content-length", logo.image.byteLength)
          .header("x-content-type-options", "nosniff")
          // Opened on its own, the image is all there is: no script, style or frame may load around it.
          .header("content-security-policy", "default-src 'none'")
          // A new logo is a new name, so this one never changes; public: logos are not secrets.
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(Buffer.from(logo.image))
      );
    },
  );
};
