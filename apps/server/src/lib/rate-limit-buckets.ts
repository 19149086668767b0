// Which request rate limit a request counts against, decided only from the route the router matched
// (the request's method and the route's pattern) — never from the raw URL. The router decodes
// percent-escapes and ignores a trailing slash, so anything that reads request.url sees another path
// than the one that runs: /%6Fauth/token.json ran the token route and was counted by nothing.
//
// Every request counts against exactly one bucket, per client network (lib/client-network.ts). A route
// not named below, and a request that matches no route at all (a 404), counts against "api".

export type RateLimit = { max: number; windowMs: number };

export type RateLimitBucket =
  | "api"
  | "pages"
  | "probes"
  | "sign-in"
  | "sign-up"
  | "streams"
  | "webhooks"
  | "widget-sessions"
  | "widget-messages";

const MINUTE = 60_000;

/** Buckets with limits of their own; "api", "pages" and "probes" take RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS. */
export const FIXED_RATE_LIMITS = {
  // Guessing passwords, on top of the per-account sign-in throttle (modules/auth/throttle-policy.ts).
  "sign-in": { max: 30, windowMs: MINUTE },
  // Each sign-up hashes a password and creates a company.
  "sign-up": { max: 30, windowMs: MINUTE },
  // Live event streams opened: a client reconnecting every 3 s opens 20 a minute.
  streams: { max: 60, windowMs: MINUTE },
  // Meta delivers every company's messages from a few addresses, in bursts.
  webhooks: { max: 6000, windowMs: MINUTE },
  // Website chat visitors, per address (each visitor also has a limit of its own, per session token):
  // each new session creates a customer; an office or a phone carrier puts many visitors behind one address.
  "widget-sessions": { max: 20, windowMs: MINUTE },
  "widget-messages": { max: 60, windowMs: MINUTE },
} as const satisfies Partial<Record<RateLimitBucket, RateLimit>>;

/**
 * The routes that do not count against "api", by "METHOD pattern" (HEAD as GET). Every entry must be
 * a route the app serves: the security plugin refuses to start otherwise, so a renamed route cannot
 * silently fall out of its bucket.
 */
export const ROUTE_RATE_LIMIT_BUCKETS: Readonly<Record<string, RateLimitBucket>> = {
  "POST /oauth/token": "sign-in",
  "POST /oauth/token.json": "sign-in",
  "POST /users.json": "sign-up",
  // Forgot password and email confirmation: public, next to the sign-in (a reset hashes a password).
  // Asking for reset links also has a limit per address and per client in the database.
  "POST /users/password.json": "sign-in",
  "PUT /users/password.json": "sign-in",
  "POST /users/email_confirmation.json": "sign-in",
  // An invitation link's page, by its token: guessed tokens are counted like guessed passwords.
  "POST /invitations/lookup.json": "sign-in",
  "GET /app/events": "streams",
  "POST /webhooks/whatsapp": "webhooks",
  // A forwarder posts every company's inbound mail from a few addresses, like Meta.
  "POST /webhooks/email": "webhooks",
  // Stripe sends every company's billing events, and retries them, from a few addresses.
  "POST /webhooks/stripe": "webhooks",
  // Twilio calls every company's calls back from its own addresses, several requests a call turn (the
  // simulated provider, in-process, from this server's own).
  "POST /webhooks/twilio/voice/incoming": "webhooks",
  "POST /webhooks/twilio/voice/outbound": "webhooks",
  "POST /webhooks/twilio/voice/turn": "webhooks",
  "POST /webhooks/twilio/voice/status": "webhooks",
  "POST /webhooks/twilio/voice/recording": "webhooks",
  "POST /webhooks/twilio/voice/dial-result": "webhooks",
  "POST /webhooks/twilio/voice/message": "webhooks",
  "POST /widget/v1/sessions": "widget-sessions",
  "POST /widget/v1/messages": "widget-messages",
  "GET /widget/v1/events": "streams",
  // The SPA's built files and pages (a page load fetches a dozen files): not the API's budget.
  "GET /*": "pages",
  // The website chat's loader, frame page, files and demo page: pages too.
  "GET /widget.js": "pages",
  "GET /widget/frame": "pages",
  "GET /widget/assets/:file": "pages",
  "GET /widget/demo": "pages",
  // Company logos: every page of the shell shows one.
  "GET /logos/:file": "pages",
  // The browser's configuration (its error tracking): every page load asks once.
  "GET /client_config.json": "pages",
  // Probes: a busy API minute must not take the instance out of its load balancer.
  "GET /healthz": "probes",
  "GET /readyz": "probes",
};

/** The bucket of a request: its method and the pattern of the route the router matched (undefined: none). */
export function rateLimitBucketOf(method: string, routePattern: string | undefined): RateLimitBucket {
  if (routePattern === undefined) return "api";
  return ROUTE_RATE_LIMIT_BUCKETS[`${method === "HEAD" ? "GET" : method} ${routePattern}`] ?? "api";
}

/** Every bucket's limit, given the configured general one. */
export function rateLimitsOf(general: RateLimit): Record<RateLimitBucket, RateLimit> {
  return { api: general, pages: general, probes: general, ...FIXED_RATE_LIMITS };
}
