// The channel API's registry: a channel is how an outside system (a website chat, a custom app, later
// WhatsApp and email adapters) reaches one AI employee. Its token authenticates inbound messages; its
// webhook secret signs the replies posted back. Both are shown once, when created or rotated.
import { z } from "zod";
import { timestampSchema } from "../sales/schemas.ts";

export const API_CHANNEL_LIMITS = { name: 80, webhookUrl: 500 } as const;

/** A webhook must be an absolute http(s) URL: anything else could not be called back. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(API_CHANNEL_LIMITS.webhookUrl, { error: `Must be at most ${API_CHANNEL_LIMITS.webhookUrl} characters` })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
      } catch {
        return false;
      }
    },
    { error: "Must be an http or https URL" },
  )
  // Credentials in a URL end up in logs and activity records; the signature authenticates the sender.
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return !url.username && !url.password;
      } catch {
        return true;
      }
    },
    { error: "Must not contain a user name or password" },
  );

export const apiChannelInputSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required" })
    .max(API_CHANNEL_LIMITS.name, { error: `Name must be at most ${API_CHANNEL_LIMITS.name} characters` }),
  /** The AI employee that answers what arrives on the channel. */
  aiEmployeeId: z.guid({ error: "Choose an AI employee" }),
  webhookUrl: webhookUrlSchema.nullable().default(null),
});
export type ApiChannelInput = z.input<typeof apiChannelInputSchema>;

/** A channel as listed: never its token or secret, only the token's first characters to tell them apart. */
export const apiChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  aiEmployee: z.object({ id: z.string(), name: z.string() }).nullable(),
  webhookUrl: z.string().nullable(),
  tokenPrefix: z.string(),
  createdAt: timestampSchema,
  rotatedAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type ApiChannel = z.infer<typeof apiChannelSchema>;

/** What creating or rotating answers, once: the token for `Authorization: Bearer` and the webhook secret. */
export const apiChannelWithSecretsSchema = apiChannelSchema.extend({
  token: z.string(),
  webhookSecret: z.string(),
});
export type ApiChannelWithSecrets = z.infer<typeof apiChannelWithSecretsSchema>;

export const apiChannelListSchema = z.object({ apiChannels: z.array(apiChannelSchema) });
export type ApiChannelList = z.infer<typeof apiChannelListSchema>;

/** Channel tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_CHANNEL_TOKEN_PREFIX = "fch_";
/** How many characters of a token are kept to show which one a channel has. */
export const API_CHANNEL_TOKEN_SHOWN = 12;
