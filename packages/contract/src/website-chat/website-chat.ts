import { z } from "zod";
import { COMPANY_LANGUAGES } from "../companies/language.ts";

// The website chat channel: a widget a company pastes into its own site. Staff manage the channel
// (`/app/website_chats…`); visitors talk through the public widget API (`/widget/v1/…`), holding a
// session token of their own that opens only their conversation.

export const WEBSITE_CHAT_LIMITS = {
  nameLength: 80,
  greetingLength: 280,
  origins: 20,
  originLength: 255,
  /** A visitor's message, in characters. */
  messageLength: 2000,
  visitorNameLength: 80,
  visitorEmailLength: 254,
} as const;

/** `#RRGGBB`, the widget's accent colour. */
export const WEBSITE_CHAT_DEFAULT_COLOR = "#4F46E5";

/**
 * A website origin as browsers send it (`https://shop.example`, `http://localhost:8080`): scheme, host
 * and port only, lowercased, no path. Null when the text is not one.
 */
export function normalizeOrigin(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > WEBSITE_CHAT_LIMITS.originLength) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) return null;
  return url.origin.toLowerCase();
}

const originSchema = z.string().transform((value, ctx) => {
  const origin = normalizeOrigin(value);
  if (!origin) {
    ctx.addIssue({
      code: "custom",
      message: `${value.slice(0, 60)} is not a website origin like https://shop.example`,
    });
    return z.NEVER;
  }
  return origin;
});

const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "Must be a colour like #4F46E5" })
  .transform((value) => value.toUpperCase());

const websiteChatFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required" })
    .max(WEBSITE_CHAT_LIMITS.nameLength, { error: `At most ${WEBSITE_CHAT_LIMITS.nameLength} characters` }),
  /** Who answers: an AI employee, or a department (its first active AI employee answers). One of the two. */
  aiEmployeeId: z.uuid({ error: "Choose an AI employee" }).nullable(),
  departmentId: z.uuid({ error: "Choose a department" }).nullable(),
  allowedOrigins: z
    .array(originSchema)
    .max(WEBSITE_CHAT_LIMITS.origins, { error: `At most ${WEBSITE_CHAT_LIMITS.origins} websites` })
    .transform((origins) => [...new Set(origins)]),
  greeting: z
    .string()
    .trim()
    .max(WEBSITE_CHAT_LIMITS.greetingLength, { error: `At most ${WEBSITE_CHAT_LIMITS.greetingLength} characters` }),
  color: colorSchema,
};

/** `POST /app/website_chats.json`. */
export const websiteChatCreateSchema = z
  .object({
    ...websiteChatFields,
    aiEmployeeId: websiteChatFields.aiEmployeeId.optional().default(null),
    departmentId: websiteChatFields.departmentId.optional().default(null),
    allowedOrigins: websiteChatFields.allowedOrigins.optional().default([]),
    greeting: websiteChatFields.greeting.optional().default(""),
    color: colorSchema.optional().default(WEBSITE_CHAT_DEFAULT_COLOR),
  })
  .refine((chat) => Boolean(chat.aiEmployeeId) !== Boolean(chat.departmentId), {
    error: "Choose an AI employee or a department to answer",
    path: ["aiEmployeeId"],
  });
export type WebsiteChatCreate = z.infer<typeof websiteChatCreateSchema>;

/** `PATCH /app/website_chats/{id}.json`: any of the fields (answering: both ids given, one of them null). */
export const websiteChatPatchSchema = z
  .object(websiteChatFields)
  .partial()
  .extend({ enabled: z.boolean({ error: "Must be true or false" }).optional() })
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change" });
export type WebsiteChatPatch = z.infer<typeof websiteChatPatchSchema>;

/** One website chat as staff see it; `key` is public (it only opens visitor sessions from allowed origins). */
export const websiteChatSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  aiEmployee: z.object({ id: z.string(), name: z.string() }).nullable(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  allowedOrigins: z.array(z.string()),
  greeting: z.string(),
  color: z.string(),
  enabled: z.boolean(),
  /** The `<script …>` tag to paste before `</body>`. */
  snippet: z.string(),
  /** Foreman's own page showing the widget on a sample site. */
  demoUrl: z.string(),
  conversationsCount: z.number().int(),
  createdAt: z.string(),
});
export type WebsiteChat = z.infer<typeof websiteChatSchema>;
/** `GET /app/website_chats.json`, oldest first. */
export const websiteChatListSchema = z.object({ websiteChats: z.array(websiteChatSchema) });
/** What `POST /app/website_chats.json` (201) and `PATCH /app/website_chats/{id}.json` answer. */
export const websiteChatReplySchema = z.object({ websiteChat: websiteChatSchema });

// ---- The visitor's side (public, `/widget/v1/…`) ----

/** `POST /widget/v1/sessions`: opens (or resumes, with the stored token) a visitor's session. */
export const widgetSessionRequestSchema = z.object({
  key: z.string().min(1).max(64),
  /**
   * The host page's origin (the loader reads it; the frame's CSP `frame-ancestors` holds it to the
   * truth). A page calling the API itself may leave it out: its browser's `Origin` header is checked then.
   */
  origin: z.string().max(WEBSITE_CHAT_LIMITS.originLength).optional(),
  /** The session token this browser kept for this site, to resume its conversation. */
  token: z.string().max(128).optional(),
});

export const widgetMessageSchema = z.object({
  id: z.string(),
  /** Who wrote it, as the visitor sees it. */
  from: z.enum(["visitor", "ai", "staff"]),
  /** The AI employee's or staff member's first name; null for the visitor. */
  author: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const widgetSessionSchema = z.object({
  token: z.string(),
  company: z.object({ name: z.string() }),
  language: z.enum(COMPANY_LANGUAGES),
  greeting: z.string(),
  color: z.string(),
  /** The name shown on the chat's header: the answering AI employee's. */
  agentName: z.string().nullable(),
  visitor: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  messages: z.array(widgetMessageSchema),
});
export type WidgetSession = z.infer<typeof widgetSessionSchema>;

/** `GET /widget/v1/messages`: the visitor's conversation, oldest first (the latest 100). */
export const widgetMessageListSchema = z.object({ messages: z.array(widgetMessageSchema) });

/** `POST /widget/v1/messages` (Authorization: Bearer <session token>). */
export const widgetMessageCreateSchema = z.object({
  body: z
    .string({ error: "Write a message" })
    .trim()
    .min(1, { error: "Write a message" })
    .max(WEBSITE_CHAT_LIMITS.messageLength, {
      error: `Messages are at most ${WEBSITE_CHAT_LIMITS.messageLength} characters`,
    }),
});

/** `PATCH /widget/v1/visitor`: the name and email a visitor chooses to give (shown to staff). */
export const widgetVisitorPatchSchema = z.object({
  name: z
    .string()
    .trim()
    .max(WEBSITE_CHAT_LIMITS.visitorNameLength, {
      error: `At most ${WEBSITE_CHAT_LIMITS.visitorNameLength} characters`,
    })
    .optional(),
  email: z
    .string()
    .trim()
    .max(WEBSITE_CHAT_LIMITS.visitorEmailLength, { error: "Must be an email address" })
    .pipe(z.union([z.literal(""), z.email({ error: "Must be an email address" })]))
    .optional(),
});
