// The WhatsApp connection made by Meta's embedded signup: its state, the onboarding steps the server
// runs after the signup popup closes, and who answers the number (camelCase here; snake_case on the wire).
import { z } from "zod";

/** The spec's integration states, less "coming soon" (that one is the integrations list's). */
export const WHATSAPP_CONNECTION_STATES = [
  "connected",
  "disconnected",
  "connecting",
  "disconnecting",
  "setting_up",
  "verifying",
] as const;
export type WhatsappConnectionState = (typeof WHATSAPP_CONNECTION_STATES)[number];

/**
 * What the server does with the signup's code, in order; a failed step is where a retry resumes.
 * token: exchange the code for a business token; scopes: check the token reaches this WABA; phone_number:
 * read the number; register: register it with the Cloud API; subscribe: subscribe our app to the WABA's
 * webhooks; templates: read its templates.
 */
export const ONBOARDING_STEPS = ["token", "scopes", "phone_number", "register", "subscribe", "templates"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_STEP_LABELS: Record<OnboardingStep, string> = {
  token: "Exchanging the signup code",
  scopes: "Checking access to the WhatsApp Business Account",
  phone_number: "Reading the phone number",
  register: "Registering the number",
  subscribe: "Subscribing to messages",
  templates: "Syncing templates",
};

export const WHATSAPP_QUALITIES = ["green", "yellow", "red", "unknown"] as const;
export type WhatsappQuality = (typeof WHATSAPP_QUALITIES)[number];

/** Meta's quality rating (GREEN, YELLOW, RED, UNKNOWN or absent) → ours. */
export function qualityFromMeta(rating: string | null | undefined): WhatsappQuality {
  const value = rating?.toLowerCase();
  return value === "green" || value === "yellow" || value === "red" ? value : "unknown";
}

export const whatsappAssigneeSchema = z
  .object({
    aiEmployeeId: z.string().nullable(),
    departmentId: z.string().nullable(),
    name: z.string().nullable().describe("The employee's or the department's name"),
  })
  .describe("Who answers the number: an AI employee, or the first active employee of a department");
export type WhatsappAssignee = z.infer<typeof whatsappAssigneeSchema>;

export const whatsappConnectionSchema = z.object({
  id: z.string(),
  state: z.enum(WHATSAPP_CONNECTION_STATES),
  step: z.enum(ONBOARDING_STEPS).nullable().describe("The step running, or the one that failed"),
  error: z.string().nullable().describe("Why the last step failed (Meta's message included); null when none did"),
  wabaId: z.string(),
  businessId: z.string().nullable(),
  phoneNumberId: z.string(),
  phoneNumber: z.string().nullable().describe("As Meta displays it, e.g. +1 555-098-4277"),
  verifiedName: z.string().nullable(),
  quality: z.enum(WHATSAPP_QUALITIES),
  verified: z.boolean().describe("Meta approved the display name and the number's code was verified"),
  status: z.string().nullable().describe("Meta's own status for the number, e.g. CONNECTED or PENDING"),
  lastWebhookAt: z.string().nullable(),
  templatesSyncedAt: z.string().nullable(),
  connectedAt: z.string().nullable(),
  assignee: whatsappAssigneeSchema,
});
export type WhatsappConnection = z.infer<typeof whatsappConnectionSchema>;

export const whatsappStatusSchema = z.object({
  configured: z.boolean().describe("False until the server has the WHATSAPP_* settings"),
  missing: z.array(z.string()).describe("The settings the server still lacks (names only)"),
  signup: z
    .object({
      appId: z.string(),
      configId: z.string(),
      sdkUrl: z.string().describe("Where the browser loads the business SDK from"),
      graphVersion: z.string(),
    })
    .nullable()
    .describe("What the browser needs to launch the signup popup; null when not configured"),
  webhookUrl: z.string().nullable().describe("The callback URL Meta calls (PUBLIC_URL + /webhooks/whatsapp)"),
  connection: whatsappConnectionSchema.nullable(),
});
export type WhatsappStatus = z.infer<typeof whatsappStatusSchema>;

export const whatsappOnboardSchema = z.object({
  whatsappEmbeddedSignup: z.object({
    code: z.string().trim().min(1).max(2048),
    wabaId: z
      .string()
      .trim()
      .regex(/^\d{1,32}$/, "must be Meta's numeric id"),
    phoneNumberId: z
      .string()
      .trim()
      .regex(/^\d{1,32}$/, "must be Meta's numeric id"),
    businessId: z
      .string()
      .trim()
      .regex(/^\d{1,32}$/, "must be Meta's numeric id")
      .nullable()
      .optional(),
  }),
  aiEmployeeId: z.string().nullable().optional().describe("Who answers the number (default: kept, or none)"),
});
export type WhatsappOnboardInput = z.input<typeof whatsappOnboardSchema>;

export const whatsappAssigneeInputSchema = z
  .object({
    aiEmployeeId: z.string().nullable().optional(),
    departmentId: z.string().nullable().optional(),
  })
  .refine((value) => !(value.aiEmployeeId && value.departmentId), {
    message: "choose an AI employee or a department, not both",
    path: ["aiEmployeeId"],
  });
export type WhatsappAssigneeInput = z.input<typeof whatsappAssigneeInputSchema>;

/** WhatsApp's customer-service window: free-form replies only this long after the customer's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When the window closes for a customer whose last message arrived at `lastInbound` (null: never wrote). */
export function whatsappWindowClosesAt(lastInbound: Date | null): Date | null {
  return lastInbound ? new Date(lastInbound.getTime() + WHATSAPP_WINDOW_MS) : null;
}

export function isWhatsappWindowOpen(lastInbound: Date | null, now: Date = new Date()): boolean {
  const closesAt = whatsappWindowClosesAt(lastInbound);
  return closesAt !== null && closesAt.getTime() > now.getTime();
}

/** Meta's error codes that mean "outside the 24-hour window: send a template". */
export const WINDOW_CLOSED_ERROR_CODES = [131047, 470] as const;
/** Our own code for a reply refused before calling Meta because the window is closed. */
export const WINDOW_CLOSED_CODE = 131047;
/** Why free text cannot go out in a WhatsApp conversation whose window closed. */
export const WINDOW_CLOSED_MESSAGE =
  "More than 24 hours have passed since the customer's last message: WhatsApp allows only a template now";
