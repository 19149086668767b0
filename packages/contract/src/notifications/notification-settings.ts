import { z } from "zod";
import type { NotificationKind } from "./notification-kinds.ts";

// What each user wants to be told (Settings → Notifications): four kinds of mail and the live toasts.
// The preferences are the user's own, the same in every company they are in.

export const NOTIFICATION_PREFERENCE_KEYS = [
  "emailActionItems",
  "emailTicketsAssigned",
  "emailHandoffs",
  "emailDailyDigest",
  "toasts",
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];

export const notificationPreferencesSchema = z.object({
  emailActionItems: z.boolean(),
  emailTicketsAssigned: z.boolean(),
  emailHandoffs: z.boolean(),
  emailDailyDigest: z.boolean(),
  toasts: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a user who never changed anything gets: every mail but the digest, and the toasts. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailActionItems: true,
  emailTicketsAssigned: true,
  emailHandoffs: true,
  emailDailyDigest: false,
  toasts: true,
};

/** `GET /app/notification_settings.json`: the preferences, where the mail goes, and whether it can leave. */
export const notificationSettingsSchema = notificationPreferencesSchema.extend({
  /** The user's sign-in email: every notification mail goes there. */
  email: z.string(),
  /** The server has an SMTP server (SMTP_URL); without one, mail waits in the outbox unsent. */
  smtpConfigured: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A switch to change; its documented example is its default, so a client sending the examples changes nothing. */
const onOff = (key: NotificationPreferenceKey) =>
  z.boolean({ error: "Must be true or false" }).meta({ examples: [DEFAULT_NOTIFICATION_PREFERENCES[key]] });

/** `PATCH /app/notification_settings.json`: the switches to change, at least one. */
export const notificationPreferencesPatchSchema = z
  .object({
    emailActionItems: onOff("emailActionItems"),
    emailTicketsAssigned: onOff("emailTicketsAssigned"),
    emailHandoffs: onOff("emailHandoffs"),
    emailDailyDigest: onOff("emailDailyDigest"),
    toasts: onOff("toasts"),
  })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { error: "Nothing to change" });
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatchSchema>;

/** The switch that lets each kind of notification mail through. */
export const NOTIFICATION_KIND_PREFERENCE: Record<NotificationKind, NotificationPreferenceKey> = {
  action_item: "emailActionItems",
  ticket_assigned: "emailTicketsAssigned",
  handoff: "emailHandoffs",
};

/** Each switch's label and the one line under it (the settings tab; the mails name them the same way). */
export const NOTIFICATION_PREFERENCE_LABELS: Record<NotificationPreferenceKey, { label: string; description: string }> =
  {
    emailActionItems: {
      label: "Action items waiting on me",
      description: "An AI employee needs an answer or an approval you can give.",
    },
    emailTicketsAssigned: {
      label: "Tickets assigned to me",
      description: "Someone gives you a support ticket (not when you take one yourself).",
    },
    emailHandoffs: {
      label: "Conversations handed to staff",
      description: "An AI employee hands a customer conversation over to your team.",
    },
    emailDailyDigest: {
      label: "Daily digest",
      description: "Each morning at 8:00, what still waits for you, when anything does.",
    },
    toasts: {
      label: "Live toasts",
      description: "A short pop-up on any page when a new action item arrives.",
    },
  };

/** A mail's heading over each kind's lines. */
export const NOTIFICATION_KIND_HEADINGS: Record<NotificationKind, string> = {
  action_item: "Action items waiting on you",
  ticket_assigned: "Tickets assigned to you",
  handoff: "Conversations handed to staff",
};
