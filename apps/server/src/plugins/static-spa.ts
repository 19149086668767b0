import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isApiPath } from "#server/lib/api-paths.ts";
import { httpError } from "#server/lib/http-error.ts";
import { sendError } from "./errors.ts";
import { createRoutePages } from "./route-pages.ts";

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foreman</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Foreman's web app is not built yet</h1>
<p>The API is running. Build the web app with <code>npm run build</code> (or start with <code>npm start</code>, which builds it) and reload this page.</p>
</body></html>`;

export type StaticSpaOptions = { webDist: string };

// Client-side routes have no file extension; a missing file (a stale /assets/*.js) stays a 404.
const hasFileExtension = (url: string) => /\.[a-z0-9]+$/i.test(url.split("?")[0] ?? url);

/** Page requests: GET/HEAD for an extension-less path from a client that takes HTML (browsers, curl). */
function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (hasFileExtension(request.url)) return false;
  const accept = request.headers.accept ?? "*/*";
  return accept.includes("text/html") || accept.includes("*/*");
}

/** Serves the built SPA with a fallback to index.html for client-side routes. */
export const staticSpaPlugin = fp<StaticSpaOptions>(
  async (app: FastifyInstance, { webDist }) => {
    const indexFile = path.join(webDist, "index.html");
    const pageFor = createRoutePages(webDist);

    // Vite fingerprints everything under /assets/, so those never change; anything else is revalidated.
    const setCacheHeaders = (reply: FastifyReply, filePath: string) => {
      const hashedAsset = path.relative(webDist, filePath).split(path.sep)[0] === "assets";
      reply.header("cache-control", hashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
    };

    // Registered even before a build exists: files are looked up per request, so a later build is served.
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      // The build writes a Brotli and a gzip copy of each text file (apps/web/build/precompress.ts):
      // sent to browsers that accept them, with `vary: accept-encoding`.
      preCompressed: true,
      // The build's notes (`.vite/manifest.json`, `.vite/route-pages.json`) are for the tools and this
      // server, not for browsers.
      dotfiles: "ignore",
      suppressWarning: true,
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(request.url) || !wantsHtml(request)) {
        return sendError(
          reply,
          httpError(404, "not_found", `Route ${request.method} ${request.url.split("?")[0]} not found`),
        );
      }
      reply.header("cache-control", "no-cache");
      // The route's own page names its scripts up front (route-pages.ts); index.html serves any address.
      const page = pageFor(request.url.split("?")[0] ?? "/");
      if (page !== "index.html" && existsSync(path.join(webDist, page))) return reply.sendFile(page, webDist);
      if (existsSync(indexFile)) return reply.sendFile("index.html", webDist);
      return reply.type("text/html; charset=utf-8").send(NO_BUILD_PAGE);
    });
  },
  { name: "foreman-static-spa" },
);
