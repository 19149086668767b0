import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { type FormParams, isTwilioSignatureValid } from "../telephony/index.ts";
import { answerDialResult, answerMessage } from "./call-handoff.ts";
import { answerIncoming, answerOutbound, applyRecordingCallback, applyStatusCallback } from "./call-start.ts";
import { answerTurn } from "./call-turns.ts";
import { callOfWebhook, type VoiceParams } from "./call-webhook-call.ts";
import { twiml } from "./twiml.ts";
import { VOICE_WEBHOOK_PATH } from "./voice-urls.ts";

/** A provider's form posts are small (a few dozen parameters); anything larger is not one. */
export const VOICE_WEBHOOK_MAX_BYTES = 16 * 1024;
export const TWILIO_SIGNATURE_HEADER = "x-twilio-signature";

const FORM = "application/x-www-form-urlencoded";
const tags = ["calls"];

/** A form body as the signature reads it: every value of every name, repeated names as lists. */
function parseForm(body: string): FormParams {
  const params: Record<string, string | string[]> = {};
  const form = new URLSearchParams(body);
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    params[name] = values.length === 1 ? values[0]! : values;
  }
  return params;
}

/** One value per name for the handlers (a repeated one keeps its first). */
function firstValues(params: FormParams): VoiceParams {
  const flat: VoiceParams = {};
  for (const [name, value] of Object.entries(params)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (typeof one === "string") flat[name] = one;
  }
  return flat;
}

const integerIn = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === "string" && /^\d{1,4}$/.test(value) ? Number.parseInt(value, 10) : fallback;
  return Math.min(Math.max(n, 0), max);
};

/**
 * What the phone provider calls during a call (Twilio's voice webhooks, or the built-in simulated
 * provider's, signed the same way): public, form-encoded, each one signed with X-Twilio-Signature over
 * the public URL it was given and its parameters, checked before anything is read or stored (403
 * otherwise). Each answers TwiML.
 */
export async function voiceWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: VOICE_WEBHOOK_MAX_BYTES }, (_request, body, done) =>
    done(null, parseForm(String(body))),
  );

  const deps = () => app.calls;
  const publicBase = (app.config.publicUrl ?? app.config.appUrl).replace(/\/+$/, "");

  /** The request's parameters, once its signature is the provider's; a 403 with nothing read otherwise. */
  function verified(request: FastifyRequest): VoiceParams {
    const params = (request.body && typeof request.body === "object" ? request.body : {}) as FormParams;
    const signature = request.headers[TWILIO_SIGNATURE_HEADER];
    const url = `${publicBase}${request.url}`;
    if (
      !isTwilioSignatureValid(
        app.telephony.authToken,
        typeof signature === "string" ? signature : undefined,
        url,
        params,
      )
    )
      throw httpError(403, "forbidden", "X-Twilio-Signature does not match this request");
    return firstValues(params);
  }

  const xml = (reply: FastifyReply, document: string) => reply.type("text/xml; charset=utf-8").send(document);
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;
  const callId = (request: FastifyRequest) => {
    const value = query(request).call;
    return typeof value === "string" ? value : undefined;
  };

  /**
   * A callback's call: the one its URL names (`?call=`, undefined when that is not the call posted), or
   * null when it names none (a number's own callbacks: found by CallSid).
   */
  const namedCall = async (request: FastifyRequest, params: VoiceParams) => {
    if (!callId(request)) return null;
    return (await callOfWebhook(deps(), callId(request), params.CallSid)) ?? undefined;
  };

  const route = (
    path: string,
    summary: string,
    description: string,
    handle: (request: FastifyRequest, params: VoiceParams) => Promise<string>,
  ) =>
    app.post(
      `${VOICE_WEBHOOK_PATH}/${path}`,
      {
        bodyLimit: VOICE_WEBHOOK_MAX_BYTES,
        config: { keepWireCase: true },
        schema: {
          tags,
          summary,
          description: `${description} Signed with X-Twilio-Signature (HMAC-SHA1 of the public URL and the sorted form parameters with the provider's auth token): a missing or wrong one is a 403 and nothing is stored. Form-encoded, at most 16 KB. Answers TwiML (text/xml).`,
        },
      },
      async (request, reply) => xml(reply, await handle(request, verified(request))),
    );

  route(
    "incoming",
    "A call ringing in on one of the companies' numbers",
    "Found by To among the active numbers; no such number, or no AI employee on it, is told the number is not in service. Otherwise the call is stored (in progress) and greeted by the number's AI employee, with the recording notice when the company records calls, then a speech <Gather>.",
    async (_request, params) => answerIncoming(deps(), params),
  );
  route(
    "outbound",
    "An outbound call the callee answered (?call=)",
    "The AI employee greets the callee and listens.",
    async (request, params) => answerOutbound(deps(), await callOfWebhook(deps(), callId(request), params.CallSid)),
  );
  route(
    "turn",
    "The caller's words of one turn (?call=&n=)",
    "SpeechResult goes through the phone channel as the customer's message; the AI employee's reply is spoken with the next <Gather>. Silence is asked about once (retry=1), then the call ends. A slow answer says 'One moment' and redirects (wait=k). A hand-off dials the company's fallback number or takes a message.",
    async (request, params) => {
      const receivedAt = Date.now();
      const q = query(request);
      const call = await callOfWebhook(deps(), callId(request), params.CallSid);
      return answerTurn(
        deps(),
        call,
        { n: Math.max(1, integerIn(q.n, 1, 1000)), retry: q.retry === "1", wait: integerIn(q.wait, 0, 10) },
        params,
        receivedAt,
      );
    },
  );
  route(
    "status",
    "A call's status callback",
    "CallStatus moves the call forward only (repeated or late callbacks change nothing); an end stores the duration and the outcome. Unknown calls are ignored.",
    async (request, params) => {
      const call = await namedCall(request, params);
      if (call !== undefined) await applyStatusCallback(deps(), call, params);
      return twiml();
    },
  );
  route(
    "recording",
    "A call's recording is ready",
    "RecordingSid, RecordingUrl and RecordingDuration are stored on the call; the detail plays it through /app/calls/{id}/recording.",
    async (request, params) => {
      const call = await namedCall(request, params);
      if (call !== undefined) await applyRecordingCallback(deps(), call, params);
      return twiml();
    },
  );
  route(
    "dial-result",
    "How the hand-off to the fallback number went (?call=)",
    "DialCallStatus completed: staff took the call (outcome transferred). Otherwise the caller is asked for a message.",
    async (request, params) =>
      answerDialResult(deps(), await callOfWebhook(deps(), callId(request), params.CallSid), params),
  );
  route(
    "message",
    "The message a caller left for staff (?call=)",
    "Stored in the conversation for staff, with an action item to call back (outcome message_taken); then goodbye.",
    async (request, params) =>
      answerMessage(deps(), await callOfWebhook(deps(), callId(request), params.CallSid), params),
  );
}
