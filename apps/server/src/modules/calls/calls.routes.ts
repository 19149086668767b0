import {
  CALL_STATUSES,
  callDetailSchema,
  callSchema,
  callsQuerySchema,
  callsSchema,
  placeCallSchema,
  sayOnTestCallSchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { fetchCallRecording, getCallDetail, hangUpCall, listCallsPage, placeCall, sayOnCall } from "./calls.service.ts";

const tags = ["calls"];
const params = z.object({ id: z.string() });
const NOT_FOUND = "Another company's call, an unknown id and a malformed one all answer 404.";

/** The company's calls: every member may list and open them, place calls and test calls, and end them. */
export const callsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.calls;

  app.get(
    "/app/calls.json",
    {
      schema: {
        tags,
        summary: "The company's calls, newest first, with how many match",
        description: `status (${CALL_STATUSES.join(", ")}), direction (inbound | outbound), phone_number_id; page, per_page ≤ 100 (25 by default). Test calls are listed too (is_test).`,
        querystring: callsQuerySchema,
        response: { 200: callsSchema },
      },
    },
    async (request) => listCallsPage(deps(), companyOf(request).id, request.query),
  );

  app.post(
    "/app/calls.json",
    {
      schema: {
        tags,
        summary: "Place a call from one of the company's numbers, answered by an AI employee",
        description:
          "phone_number_id (an active number of the company, else 404), to (E.164), ai_employee_id (the number's when left out; 422 when neither), customer_id (optional, the company's), test (a test call on the simulated provider only: answered at once, spoken to with say.json). Answers 201 with the call, queued or ringing; the provider's callbacks move it on. A provider that refuses the call answers 422 (unreachable: 502) and the call is stored as failed.",
        body: placeCallSchema,
        response: { 201: callSchema, ...errorResponses(404, 422, 502) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await placeCall(deps(), { companyId: companyOf(request).id, userId: request.user!.id }, request.body)),
  );

  app.get(
    "/app/calls/:id.json",
    {
      schema: {
        tags,
        summary: "One call: its transcript turn by turn, recording, conversation, tickets, orders and agent runs",
        description: `The tickets and orders are those of the call's conversation opened since the call started. ${NOT_FOUND}`,
        params,
        response: { 200: callDetailSchema },
      },
    },
    async (request) => getCallDetail(deps(), companyOf(request).id, request.params.id),
  );

  app.post(
    "/app/calls/:id/hangup.json",
    {
      schema: {
        tags,
        summary: "End a call",
        description: `Cancelled while queued or ringing, completed once answered; an ended call is answered as it is. ${NOT_FOUND}`,
        params,
        response: { 200: callSchema, ...errorResponses(502) },
      },
    },
    async (request) => hangUpCall(deps(), companyOf(request).id, request.params.id),
  );

  app.post(
    "/app/calls/:id/say.json",
    {
      schema: {
        tags,
        summary: "Say something on a test call, typed: answered with the call after the AI employee's answer",
        description: `text (1–1,000 characters): what the caller says, through the same path as spoken words. Only a test call in progress on the simulated provider: 409 otherwise (call_not_test, call_ended, call_not_answered). ${NOT_FOUND}`,
        params,
        body: sayOnTestCallSchema,
        response: { 200: callDetailSchema, ...errorResponses(409) },
      },
    },
    async (request) => sayOnCall(deps(), companyOf(request).id, request.params.id, request.body.text),
  );

  app.get(
    "/app/calls/:id/recording",
    {
      schema: {
        tags,
        summary: "A recorded call's audio",
        description: `Fetched from the phone provider (its media needs the account's credentials) and answered with its own type (audio/mpeg, audio/wav). A call without a recording is a 404. ${NOT_FOUND}`,
        params,
        // Binary: Fastify sends the Buffer as it is; the schema only documents the status.
        response: { 200: z.any().describe("The recording's audio"), ...errorResponses(502) },
      },
    },
    async (request, reply) => {
      const recording = await fetchCallRecording(deps(), companyOf(request).id, request.params.id);
      // Only audio is passed on as what it says it is; anything else the provider sent is plain bytes.
      const type = /^audio\/[\w.+-]+$/i.test(recording.contentType)
        ? recording.contentType
        : "application/octet-stream";
      return reply.header("content-type", type).header("cache-control", "private, max-age=300").send(recording.body);
    },
  );
};
