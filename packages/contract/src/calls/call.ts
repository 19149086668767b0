import { z } from "zod";
import { CALL_DIRECTIONS, CALL_OUTCOMES, CALL_SPEAKERS, CALL_STATUSES } from "./call-status.ts";

// Calls (/phones): answered or placed by an AI employee on one of the company's numbers, through
// `<Gather input="speech">` turns on the provider's side. The requests and responses; the states and
// their rule are in call-status.ts.

// ---------------------------------------------------------------------------------------------------
// Responses.

const person = z.object({ id: z.string(), name: z.string() });

/** One row of `GET /app/calls.json`. */
export const callSchema = z.object({
  id: z.string(),
  /** The company's call number ("Call 12"), as ticket activities name it. */
  number: z.number().int(),
  direction: z.enum(CALL_DIRECTIONS),
  from: z.string(),
  to: z.string(),
  phoneNumberId: z.string().nullable(),
  aiEmployee: person.nullable(),
  customer: person.nullable(),
  status: z.enum(CALL_STATUSES),
  /** Seconds, once the call ended (Twilio's `CallDuration`); null before. */
  durationSeconds: z.number().int().nullable(),
  startedAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  /** A staff member's test call on the simulated provider (typed, not spoken). */
  isTest: z.boolean(),
});
export type Call = z.infer<typeof callSchema>;

export const callsSchema = z.object({ calls: z.array(callSchema), total: z.number().int() });
export type Calls = z.infer<typeof callsSchema>;

export const callTurnSchema = z.object({
  seq: z.number().int(),
  speaker: z.enum(CALL_SPEAKERS),
  text: z.string(),
  /** The speech recogniser's confidence (0–1) for a caller's turn. */
  confidence: z.number().nullable(),
  /** How long the answer took from the caller's words to the spoken reply (an AI turn). */
  answerMs: z.number().int().nullable(),
  at: z.string(),
});
export type CallTurn = z.infer<typeof callTurnSchema>;

/** `GET /app/calls/{id}.json`: the call, its transcript and what it led to. */
export const callDetailSchema = callSchema.extend({
  turns: z.array(callTurnSchema),
  /** Recorded calls (the company turned recording on): where to play it, and its length. */
  recording: z.object({ url: z.string(), durationSeconds: z.number().int().nullable() }).nullable(),
  conversationId: z.string().nullable(),
  tickets: z.array(z.object({ id: z.string(), number: z.number().int(), subject: z.string() })),
  orders: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The AI employee's runs for this call's turns, newest last (the agent trace). */
  agentRunIds: z.array(z.string()),
});
export type CallDetail = z.infer<typeof callDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests.

export const callsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(CALL_STATUSES).optional(),
  direction: z.enum(CALL_DIRECTIONS).optional(),
  phoneNumberId: z.string().uuid().optional(),
});
export type CallsQuery = z.infer<typeof callsQuerySchema>;

/**
 * `POST /app/calls.json`: the call interface places a call from one of the company's numbers to a
 * customer, answered by an AI employee (the number's, when none is named).
 */
export const placeCallSchema = z.object({
  phoneNumberId: z.string().uuid({ error: "Choose one of your numbers" }),
  to: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, { error: "Enter the number in international format, like +15550100123" }),
  aiEmployeeId: z.string().uuid({ error: "Choose an AI employee" }).optional(),
  customerId: z.string().uuid().optional(),
  /**
   * A test call (simulated provider only): the callee answers at once and a staff member types what
   * they say (`POST /app/calls/{id}/say.json`), through the same path as spoken words.
   */
  test: z.boolean().optional(),
});
export type PlaceCall = z.infer<typeof placeCallSchema>;

/** `POST /app/calls/{id}/say.json`: on a simulated test call, what the caller says (typed). */
export const sayOnTestCallSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: "Type what the caller says" })
    .max(1000, { error: "At most 1,000 characters" }),
});
export type SayOnTestCall = z.infer<typeof sayOnTestCallSchema>;

export const TEST_CALLS_SIMULATED_ONLY = "Test calls need the built-in simulated phone provider";
export const CALL_NOT_TEST = "Only a test call on the simulated provider can be spoken to by typing";
export const CALL_ENDED = "This call has ended";
export const NUMBER_HAS_NO_EMPLOYEE = "Assign an AI employee to this number first";
/** A staff member writing in a phone conversation: its replies are spoken on calls, never sent as text. */
export const PHONE_REPLY_REFUSED =
  "Phone conversations are answered on the call: call the customer back from Phones instead of writing here";
export const CALL_HAS_NO_RECORDING = "This call has no recording";
/** The provider refused the call (a number it cannot call, a caller id it does not allow). */
export const CALL_REFUSED_BY_PROVIDER = "The phone provider refused the call";
export const CALL_NOT_ANSWERED = "This call has not been answered yet";
/** What a message left for staff reads when the caller said nothing after the prompt. */
export const CALL_NO_MESSAGE = "(The caller left no message.)";
