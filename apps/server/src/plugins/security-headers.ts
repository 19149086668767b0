import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

// Security headers are constants, computed once at start-up: @fastify/helmet rebuilt helmet's
// middleware on every request (parsing the CSP directives each time), a tenth of a cached API call's
// CPU. Our options never vary per request (no CSP nonces).

/** The headers helmet sets for these options. */
export function staticSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // Helmet's middleware is synchronous: it has called back before this returns.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** What the pages may load from elsewhere, by configuration (app.ts): nothing by default. */
export type PageAllowances = {
  /** Origins the SPA may frame (the chat tool's SSO view; Facebook's signup frames). */
  frameSources?: string[];
  /** Origins of scripts loaded on demand (Meta's business SDK for the WhatsApp signup). */
  scriptSources?: string[];
  /** Origins the page's scripts may call (the business SDK talks to Facebook; error tracking's ingest). */
  connectSources?: string[];
  /** Where workers may start from (error tracking's session replay compresses in a blob: worker). */
  workerSources?: string[];
  /** Keep `window.opener` for popups we open (the signup popup posts its result back to us). */
  popups?: boolean;
};

/** For the SPA's pages and files, the API docs and attachments: what a browser renders. */
export function pageSecurityHeaders(allow: PageAllowances = {}): Readonly<Record<string, string>> {
  return staticSecurityHeaders({
    // The SPA loads only its own scripts; Tailwind/Radix set inline styles, so those are allowed.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(allow.scriptSources ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // A call's recording plays from an object URL: the audio is fetched with the bearer token.
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(allow.connectSources ?? [])],
        // Unset, workers fall back to script-src; only error tracking's replay needs more.
        ...(allow.workerSources ? { workerSrc: ["'self'", ...allow.workerSources] } : {}),
        objectSrc: ["'none'"],
        frameSrc: ["'self'", ...(allow.frameSources ?? [])],
        // The inbox frames our own conversation view (`?embed=1`); no other site may frame the app.
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin app; cross-origin isolation headers would only get in the way of future embeds.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: allow.popups ? "same-origin-allow-popups" : "same-origin" },
  });
}

/**
 * For JSON answers: the set OWASP recommends for REST APIs, stricter than the pages' (nothing may load
 * or frame a JSON answer) and a third of the bytes. Headers about rendering documents (DNS prefetch,
 * old IE downloads and XSS filter, Flash policies, agent clusters, opener isolation) do nothing for
 * JSON, and on a 400-byte answer the header block was most of what every API call wrote and parsed.
 */
export const JSON_API_SECURITY_HEADERS = staticSecurityHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xFrameOptions: { action: "deny" },
});
