// The playground: staff chat with an AI employee through the production pipeline (a test conversation
// left out of every list and metric) and see the trace beside each reply.
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../conversations/conversation.ts";

export const playgroundInputSchema = z.object({
  content: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, { error: "Message is required" })
    .max(MESSAGE_MAX_LENGTH, { error: `Message must be at most ${MESSAGE_MAX_LENGTH} characters` }),
  sessionId: z.uuid({ error: "session_id must be a playground session id" }).optional(),
});
export type PlaygroundInput = z.infer<typeof playgroundInputSchema>;

/** How long the playground waits for the reply before answering without it (the run goes on). */
export const PLAYGROUND_WAIT_MS = 30_000;
