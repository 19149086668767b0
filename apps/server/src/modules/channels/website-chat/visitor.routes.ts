import {
  widgetMessageCreateSchema,
  widgetMessageListSchema,
  widgetMessageSchema,
  widgetSessionRequestSchema,
  widgetSessionSchema,
  widgetVisitorPatchSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import type { Visitor } from "./visitor.repository.ts";
import {
  authenticateVisitor,
  checkOrigins,
  getVisitorMessages,
  openSession,
  patchVisitor,
  postVisitorMessage,
  VISITOR_MESSAGES_PER_MINUTE,
  WIDGET_MESSAGES_SHOWN,
} from "./visitor.service.ts";
import { MAX_STREAMS_PER_VISITOR, visitorEventStreams } from "./visitor-events.ts";
import { ownOrigin } from "./website-chats.origins.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The website chat visitor whose session token authenticated the request (`/widget/v1`). */
    widgetVisitor?: Visitor;
  }
}

const tags = ["website chat widget"];

/** The widget's input against its contract schema: a 422 whose description is the first problem, said plainly. */
function checked<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
  throw httpError(422, "validation_failed", details[0]?.message ?? "Request validation failed", details);
}
const security = [{ widgetSession: [] }];
// A visitor's message is at most 2000 characters: nothing the widget sends comes near this.
const BODY_LIMIT = 16 * 1024;

/**
 * The website chat's public API, called by the widget's frame (served from this origin, so no CORS):
 * a session from the chat's public key, then the visitor's own token for their conversation only.
 */
export const widgetVisitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, queue: app.jobs, events: app.events };
  const openStream = visitorEventStreams(app);

  /** Authenticates the visitor before the body is read; a page of a website the chat does not allow is refused. */
  const visitorSession = async (request: FastifyRequest) => {
    const visitor = await authenticateVisitor(app.db, request.headers.authorization);
    checkOrigins(visitor.chat, ownOrigin(app.config, request), [request.headers.origin]);
    request.widgetVisitor = visitor;
  };

  app.post(
    "/widget/v1/sessions",
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: "Open or resume a visitor's session with a website chat",
        description:
          "key (the chat's public key), origin (the host page's; may be left out when the browser sends an Origin header), optional token (the one this browser kept). The origin, and the Origin header when sent, must be one of the chat's allowed websites or this server's own: 403 origin_not_allowed otherwise, and when neither is given. A token of this chat resumes its visitor and is answered back; any other opens a new visitor with a new token. An unknown or disabled key is a 404.",
        body: widgetSessionRequestSchema,
        response: { 200: widgetSessionSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => openSession(app.db, request.body, ownOrigin(app.config, request), request.headers.origin),
  );

  app.get(
    "/widget/v1/messages",
    {
      onRequest: visitorSession,
      schema: {
        tags,
        security,
        summary: "The visitor's conversation, oldest first",
        description: `The latest ${WIDGET_MESSAGES_SHOWN} messages of the visitor's conversation (the visitor's, the AI employee's and staff's). A bad or expired session token is a 401.`,
        response: { 200: widgetMessageListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getVisitorMessages(app.db, request.widgetVisitor!),
  );

  app.post(
    "/widget/v1/messages",
    {
      bodyLimit: BODY_LIMIT,
      onRequest: visitorSession,
      schema: {
        tags,
        security,
        summary: "Send the visitor's message to the AI employee",
        description: `body (at most 2000 characters: 422 otherwise). The reply arrives on the event stream. A visitor may send ${VISITOR_MESSAGES_PER_MINUTE} messages a minute, an address has its own limit: 429 beyond.`,
        // Read loosely here and checked in the handler, so a message too long or empty is a 422 that says why.
        body: z.object({ body: z.string({ error: "Write a message" }) }),
        response: { 201: z.object({ message: widgetMessageSchema }), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: await postVisitorMessage(
          deps,
          request.widgetVisitor!,
          checked(widgetMessageCreateSchema, request.body).body,
        ),
      }),
  );

  app.patch(
    "/widget/v1/visitor",
    {
      bodyLimit: BODY_LIMIT,
      onRequest: visitorSession,
      schema: {
        tags,
        security,
        summary: "The name and email the visitor chooses to give",
        description: "Optional name and email, shown to staff on the conversation; empty takes one back.",
        body: z.object({ name: z.string().optional(), email: z.string().optional() }),
        response: {
          200: z.object({ visitor: z.object({ name: z.string().nullable(), email: z.string().nullable() }) }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => patchVisitor(deps, request.widgetVisitor!, checked(widgetVisitorPatchSchema, request.body)),
  );

  app.get(
    "/widget/v1/events",
    {
      onRequest: visitorSession,
      schema: {
        tags,
        security,
        summary: "The visitor's live messages, as server-sent events",
        description: `A text/event-stream: \`event: message\` with one message (snake_case JSON) for each new message of the visitor's conversation, and a comment line every 25 s. Read with fetch streaming (it needs the Authorization header). One visitor may hold ${MAX_STREAMS_PER_VISITOR} open streams: one more is a 429.`,
        response: { 200: z.any().describe("text/event-stream"), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => openStream(request.widgetVisitor!, reply),
  );
};
