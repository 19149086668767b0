import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { fastifyTrustProxy } from "./lib/client-network.ts";
import { stdoutLogDestination } from "./lib/log-destination.ts";
import { censorSecrets, LOG_CENSOR, REDACTED_HEADER_PATHS } from "./lib/log-redaction.ts";
import { schemaCompilers } from "./lib/schema-compilers.ts";
import { readTlsFiles } from "./lib/tls-files.ts";
import { rejectUnusableInput } from "./lib/unusable-input.ts";
import { fromWire, toWireJson, wireSerializerCompiler } from "./lib/wire.ts";
import { activitiesRoutes } from "./modules/activities/index.ts";
import type { AgentRuntime, ModelProvider } from "./modules/agents/index.ts";
import { agentsPlugin, agentsRoutes } from "./modules/agents/index.ts";
import { aiEmployeesRoutes } from "./modules/ai-employees/index.ts";
import {
  authRoutes,
  passwordResetRoutes,
  profileRoutes,
  sessionsRoutes,
  signUpRoutes,
  TokenUserCache,
  twoFactorRoutes,
} from "./modules/auth/index.ts";
import { billingPlugin, billingRoutes, stripeWebhookRoutes } from "./modules/billing/index.ts";
import { callsPlugin, callsRoutes, voiceWebhookRoutes } from "./modules/calls/index.ts";
import { catalogRoutes } from "./modules/catalog/index.ts";
import {
  apiChannelsRoutes,
  channelApiRoutes,
  channelsPlugin,
  playgroundRoutes,
  websiteChatsRoutes,
  widgetAssetsRoutes,
  widgetVisitorRoutes,
} from "./modules/channels/index.ts";
import {
  companiesRoutes,
  companyLogoRoutes,
  companySettingsRoutes,
  logoFilesRoutes,
  UserAccessCache,
} from "./modules/companies/index.ts";
import { conversationsRoutes, filesRoutes, findMessage, ssoLinksRoutes } from "./modules/conversations/index.ts";
import { departmentsRoutes } from "./modules/departments/index.ts";
import { emailChannelsRoutes, emailMessagesRoutes, emailPlugin, emailWebhookRoutes } from "./modules/email/index.ts";
import type { EventBus } from "./modules/events/index.ts";
import { createEventBus, eventsPlugin, eventsRoutes } from "./modules/events/index.ts";
import { gettingStartedRoutes } from "./modules/getting-started/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { helpPlugin, helpRoutes } from "./modules/help/index.ts";
import { integrationsRoutes } from "./modules/integrations/index.ts";
import { jobsPlugin } from "./modules/jobs/index.ts";
import { knowledgePlugin, knowledgeRoutes } from "./modules/knowledge/index.ts";
import { mailPlugin, outboxRoutes } from "./modules/mail/index.ts";
import { notificationSettingsRoutes, notificationsPlugin } from "./modules/notifications/index.ts";
import { ordersRoutes } from "./modules/orders/index.ts";
import { phonesRoutes } from "./modules/phones/index.ts";
import { privacyPlugin, privacyRoutes } from "./modules/privacy/index.ts";
import { salesRoutes } from "./modules/sales/index.ts";
import { skillsRoutes } from "./modules/skills/index.ts";
import { assistRoutes, tasksRoutes } from "./modules/tasks/index.ts";
import { invitationAcceptRoutes, joinByInvitation, teamRoutes } from "./modules/team/index.ts";
import { telephonyPlugin } from "./modules/telephony/index.ts";
import { ticketsRoutes } from "./modules/tickets/index.ts";
import { whatsappPlugin, whatsappRoutes, whatsappWebhookRoutes } from "./modules/whatsapp/index.ts";
import { answerCachePlugin } from "./plugins/answer-cache.ts";
import { authenticatePlugin } from "./plugins/authenticate.ts";
import { companyScoped, companyScopePlugin } from "./plugins/company-scope.ts";
import { databasePlugin } from "./plugins/database.ts";
import { errorTrackingPlugin, startErrorTracking } from "./plugins/error-tracking.ts";
import { browserErrorTrackingAllowances, clientConfigRoutes } from "./plugins/error-tracking-client-config.ts";
import { errorsPlugin, sendFrameworkError } from "./plugins/errors.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { requestLogPlugin } from "./plugins/request-log.ts";
import { securityPlugin } from "./plugins/security.ts";
import type { PageAllowances } from "./plugins/security-headers.ts";
import { staticSpaPlugin } from "./plugins/static-spa.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Skip the snake_case → camelCase renaming of body and query (e.g. OAuth's RFC-named params). */
    keepWireCase?: boolean;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** The live event bus; by default the one for the database's engine (see createEventBus). Closed with the app. */
  events?: EventBus;
  /** Hands staff's responses to AI employees; the pipeline's resume path by default (tests pass fakes). */
  agentRuntime?: AgentRuntime;
  /** The AI employees' model; the configured one by default (tests and evals pass scripted ones). */
  modelProvider?: ModelProvider;
  /** Where log lines go; stdout by default (tests capture them to check what is logged). */
  logStream?: DestinationStream;
};

/**
 * What the pages may load from elsewhere: the chat tool's SSO view in a frame; for the WhatsApp signup,
 * Meta's business SDK, the Facebook frames and calls it makes, and a popup that can post back to us.
 */
function pageAllowances(config: Config): PageAllowances {
  const chatwoot = config.chatwoot ? [new URL(config.chatwoot.url).origin] : [];
  // The browser's error tracking (SENTRY_BROWSER_DSN): its ingest, and its replay's worker.
  const tracking = browserErrorTrackingAllowances(config);
  if (!config.whatsapp.configured) return { frameSources: chatwoot, ...tracking };
  const sdk = new URL(config.whatsapp.sdkUrl).origin;
  const facebook = ["https://www.facebook.com", "https://web.facebook.com", "https://*.facebook.com"];
  return {
    frameSources: [...chatwoot, sdk, ...facebook],
    scriptSources: [sdk],
    connectSources: [sdk, ...facebook, ...(tracking.connectSources ?? [])],
    workerSources: tracking.workerSources,
    popups: true,
  };
}

/** Builds the whole app on an open database; the caller listens (server.ts) or injects (tests). */
export async function buildApp({
  config,
  database,
  events,
  agentRuntime,
  modelProvider,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  // TLS_CERT_FILE and TLS_KEY_FILE: HTTPS on the app's own port, HTTP/2 to browsers (one connection for
  // every file of a page, where HTTP/1.1 opens six and queues the rest) and HTTP/1.1 to other clients.
  // Fastify's API is the same on either server, so the app keeps the HTTP/1.1 one's types (`object`).
  const tls = config.tls ? await readTlsFiles(config.tls) : null;
  const serverOptions: object = tls ? { http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } } : {};
  const app = Fastify({
    ...serverOptions,
    // Never log credentials (lib/log-redaction.ts).
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_HEADER_PATHS, censor: LOG_CENSOR },
      formatters: { log: censorSecrets },
      stream: logStream ?? stdoutLogDestination(),
    },
    // Whose X-Forwarded-For names the client (TRUST_PROXY; lib/client-network.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // plugins/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Route paths like /app/me.json are matched exactly; a trailing slash is the same route.
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or over-long path segment is refused by the router itself: answer it in our error shape.
    frameworkErrors: sendFrameworkError,
    // Routes are validated by their zod schemas, and every answer, with or without a response schema,
    // errors and 404s included, is renamed to snake_case by one serializer (see lib/wire.ts).
    schemaController: { compilersFactory: schemaCompilers(wireSerializerCompiler) },
    // A plugin's start (the agents' engine, the jobs' queue) takes seconds on a busy two-core machine:
    // Fastify's 10 s default failed the start there ("Plugin did not start in time"). A hung plugin
    // still fails it.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setReplySerializer(toWireJson);
  // Kept working for existing set-ups, but with it any client can name its own address (and so escape
  // every per-address limit): say so where the operator looks.
  if (config.trustProxy === true)
    app.log.warn(
      "TRUST_PROXY=true trusts X-Forwarded-For from anyone, so clients can pick their own address: set it to the proxies' addresses or the number of proxy hops",
    );

  // Error tracking (SENTRY_DSN; null without it, and the SDK is never loaded): 500s are reported, and
  // every request gets a transaction, from the first one on.
  const errorTracker = await startErrorTracking(config);
  await app.register(errorsPlugin, { reportServerError: errorTracker?.captureServerError });
  if (errorTracker) await app.register(errorTrackingPlugin, { tracker: errorTracker });
  await app.register(requestLogPlugin);
  await app.register(databasePlugin, { database, config });
  const bus =
    events ?? (await createEventBus(database, app.log, (companyId, id) => findMessage(database.db, companyId, id)));
  await app.register(eventsPlugin, { bus });
  // The job queue, then each module that runs jobs registers its kinds.
  await app.register(jobsPlugin, { config, database });
  await app.register(channelsPlugin);
  await app.register(agentsPlugin, { runtime: agentRuntime, provider: modelProvider });
  await app.register(knowledgePlugin);
  // The help centre's articles are copied into the database when the app is ready.
  await app.register(helpPlugin);
  await app.register(whatsappPlugin);
  await app.register(mailPlugin);
  await app.register(notificationsPlugin);
  await app.register(emailPlugin);
  await app.register(privacyPlugin);
  await app.register(telephonyPlugin);
  await app.register(callsPlugin);
  await app.register(billingPlugin);
  await app.register(formbody);
  await app.register(securityPlugin, {
    rateLimit: config.rateLimit,
    pages: pageAllowances(config),
  });
  await app.register(openapiPlugin);

  // Requests arrive snake_case; routes and their zod schemas work in camelCase. First, input no walk or
  // table can take (absurd nesting, NUL characters) is refused for every route.
  // (A callback hook: an async one costs a promise and a microtask on every request.)
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      rejectUnusableInput(request.body, request.query);
    } catch (error) {
      return done(error as Error);
    }
    if (!request.routeOptions.config.keepWireCase) {
      if (request.body && typeof request.body === "object") request.body = fromWire(request.body);
      if (request.query && typeof request.query === "object") request.query = fromWire(request.query);
    }
    done();
  });

  // Tokens and memberships are read from memory when the bus can tell this instance of every change.
  const users = new UserAccessCache(bus);
  await app.register(authenticatePlugin, { findTokenUser: new TokenUserCache(bus).find });
  await app.register(companyScopePlugin, { findMembership: users.findMembership });
  // Routes with `config: { cachedAnswer: true }` answer repeated reads from memory until the
  // database says the company's data changed (plugins/answer-cache.ts).
  await app.register(answerCachePlugin, { bus });

  await app.register(healthRoutes);
  // The browser's configuration (the release, its error tracking): public.
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  // Sign-up from an invitation link joins the inviting company: the team module does that part.
  await app.register(signUpRoutes, { joinByInvitation });
  await app.register(companiesRoutes, { users });
  // The caller's own account (not company-scoped): forgot password, profile, two-factor, sessions.
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionsRoutes);
  // The help centre: the product's articles for every signed-in user, and the contact form.
  await app.register(helpRoutes);
  // The caller's own notification switches (the same in every company they are in).
  await app.register(notificationSettingsRoutes);
  // An invitation's page (public, by its token) and its acceptance by the signed-in user.
  await app.register(invitationAcceptRoutes);
  // Company logos are public: the content's hash in the path is its name.
  await app.register(logoFilesRoutes);
  // Attachments are public: the random access key in the path is the capability.
  await app.register(filesRoutes);
  // The channel API authenticates with a channel's token, not a staff session.
  await app.register(channelApiRoutes);
  // The website chat widget's visitors: the chat's public key, then each visitor's own session token.
  await app.register(widgetVisitorRoutes);
  // Its loader, frame page, files and demo page (public pages; each sets the headers it needs).
  await app.register(widgetAssetsRoutes);
  // Meta's webhooks: signed with the app secret; each delivery finds its company by its number.
  await app.register(whatsappWebhookRoutes);
  // Inbound mail as raw RFC 822, signed with EMAIL_WEBHOOK_SECRET; each mail finds its company by its address.
  await app.register(emailWebhookRoutes);
  // Twilio's voice webhooks: signed with the provider's token (X-Twilio-Signature); each call finds its
  // company by the number.
  await app.register(voiceWebhookRoutes);
  // Stripe's webhooks: signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature); each event finds its company
  // by its customer.
  await app.register(stripeWebhookRoutes);
  // Everything below answers only a member of the X-Company-ID company (see plugins/company-scope.ts).
  await app.register(
    companyScoped(
      departmentsRoutes,
      aiEmployeesRoutes,
      catalogRoutes,
      apiChannelsRoutes,
      websiteChatsRoutes,
      emailChannelsRoutes,
      emailMessagesRoutes,
      outboxRoutes,
      agentsRoutes,
      playgroundRoutes,
      knowledgeRoutes,
      integrationsRoutes,
      skillsRoutes,
      whatsappRoutes,
      activitiesRoutes,
      salesRoutes,
      companySettingsRoutes,
      companyLogoRoutes,
      teamRoutes,
      ordersRoutes,
      conversationsRoutes,
      ssoLinksRoutes,
      eventsRoutes,
      tasksRoutes,
      assistRoutes,
      gettingStartedRoutes,
      ticketsRoutes,
      privacyRoutes,
      phonesRoutes,
      callsRoutes,
      billingRoutes,
    ),
  );

  await app.register(staticSpaPlugin, { webDist: config.webDist });
  return app;
}
