import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { findChatCompany } from "./visitor.repository.ts";
import { embeddingOrigins, ownOrigin } from "./website-chats.origins.ts";
import { findWebsiteChatByKey } from "./website-chats.repository.ts";
import { isWidgetAssetName, readWidgetFiles, type WidgetFiles } from "./widget-assets.ts";
import { demoPage, escapeHtml, framePage, unavailablePage } from "./widget-pages.ts";

// The website chat's browser side, public: the loader a company pastes into its site (/widget.js), the
// chat's page inside the frame (/widget/frame), its files (/widget/assets/…) and a demo shop page
// (/widget/demo). Pages and files, not API operations: hidden from the API document.
//
// Each page overrides the app's page headers (plugins/security.ts) where it must: the frame may be
// framed by the chat's websites only (CSP frame-ancestors, no X-Frame-Options), the loader may be loaded
// by any site (Cross-Origin-Resource-Policy), and the demo page allows nothing but Foreman's own files.

/** The loader is not versioned in its URL (sites paste it once): browsers recheck it every 5 minutes. */
const LOADER_CACHE = "public, max-age=300";
const VERSIONED_CACHE = "public, max-age=31536000, immutable";
const UNVERSIONED_CACHE = "public, max-age=300";

/** The frame's own policy: its files and its API calls, all on Foreman's origin; framed by `ancestors`. */
export function frameCsp(ancestors: readonly string[]): string {
  const frameAncestors = ancestors.length > 0 ? ancestors.join(" ") : "'none'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** The demo page's: the strict policy a careful company would set, allowing only Foreman's script and frame. */
export function demoCsp(own: string): string {
  return [
    "default-src 'none'",
    `script-src ${own}`,
    `frame-src ${own}`,
    `style-src ${own}`,
    `img-src ${own} data:`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** A key as the query gives it: one short string, or nothing. */
const keyOf = (request: FastifyRequest): string | null => {
  const key = (request.query as Record<string, unknown> | undefined)?.key;
  return typeof key === "string" && key.length > 0 && key.length <= 64 ? key : null;
};

const hidden = { schema: { hide: true } };

export type WidgetAssetsOptions = { files?: WidgetFiles };

export const widgetAssetsRoutes: FastifyPluginAsync<WidgetAssetsOptions> = async (app, options) => {
  const files = options.files ?? readWidgetFiles();

  const html = (reply: FastifyReply, status: number, csp: string, body: string) =>
    reply
      .code(status)
      .header("content-security-policy", csp)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(body);

  /** The chat named by the key, if it may be used. */
  const chatOf = async (request: FastifyRequest) => {
    const key = keyOf(request);
    if (!key) return null;
    const chat = await findWebsiteChatByKey(app.db, key);
    return chat?.enabled ? chat : null;
  };

  app.get("/widget.js", hidden, async (_request, reply) =>
    reply
      .header("content-type", "text/javascript; charset=utf-8")
      .header("cache-control", LOADER_CACHE)
      // Any website may load it: that is what it is for.
      .header("cross-origin-resource-policy", "cross-origin")
      .header("access-control-allow-origin", "*")
      .send(files.loader),
  );

  app.get("/widget/frame", hidden, async (request, reply) => {
    // Its answer is framed, so the page's default X-Frame-Options must go; frame-ancestors decides.
    reply.removeHeader("x-frame-options");
    const chat = await chatOf(request);
    if (!chat) return html(reply, 404, frameCsp([]), unavailablePage());
    const company = await findChatCompany(app.db, chat.companyId);
    return html(
      reply,
      200,
      frameCsp(embeddingOrigins(chat, ownOrigin(app.config, request))),
      framePage(files, company?.language ?? "en"),
    );
  });

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    "/widget/assets/:file",
    hidden,
    async (request, reply) => {
      const { file } = request.params;
      if (!isWidgetAssetName(file)) throw httpError(404, "not_found", "No such widget file");
      const asset = files.assets[file];
      const versioned = request.query.v === asset.version;
      return reply
        .header("content-type", asset.contentType)
        .header("cache-control", versioned ? VERSIONED_CACHE : UNVERSIONED_CACHE)
        .send(asset.body);
    },
  );

  app.get("/widget/demo", hidden, async (request, reply) => {
    const own = ownOrigin(app.config, request);
    const chat = await chatOf(request);
    if (!chat) return html(reply, 404, demoCsp(own), unavailablePage());
    const company = await findChatCompany(app.db, chat.companyId);
    const snippet = `<script src="${escapeHtml(own)}/widget.js" data-key="${escapeHtml(chat.key)}" async></script>`;
    return html(
      reply,
      200,
      demoCsp(own),
      demoPage(files, { snippet, chatName: chat.name, companyName: company?.name ?? "" }),
    );
  });
};
