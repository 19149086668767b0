import {
  availableNumbersQuerySchema,
  availableNumbersSchema,
  buyPhoneNumberSchema,
  callSettingsSchema,
  canManage,
  MANAGER_ROLE_REQUIRED,
  PHONE_NUMBER_MONTHLY_CENTS,
  PHONES_ADMIN_ONLY,
  phoneNumberSchema,
  phoneNumbersSchema,
  updateCallSettingsSchema,
  updatePhoneNumberSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { changeCallSettings, readCallSettings } from "./call-settings.service.ts";
import {
  buyNumber,
  listNumbers,
  type PhonesCaller,
  type PhonesDeps,
  releaseNumber,
  searchNumbers,
  updateNumber,
} from "./phones.service.ts";

const tags = ["phones"];
const params = z.object({ id: z.string() });
const PRICE = `$${(PHONE_NUMBER_MONTHLY_CENTS / 100).toFixed(2)} a month`;

// Role checks run before the body is validated: a caller who may not act learns nothing from the input.
const numberManagers = async (request: FastifyRequest) => {
  if (!canManage(companyOf(request).role)) throw httpError(403, "forbidden", PHONES_ADMIN_ONLY);
};
const settingsManagers = async (request: FastifyRequest) => {
  if (!canManage(companyOf(request).role)) throw httpError(403, "forbidden", MANAGER_ROLE_REQUIRED);
};

/** The company's phone numbers and call settings (company-scoped). */
export const phonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PhonesDeps = { db: app.db, telephony: app.telephony, queue: app.jobs, config: app.config, log: app.log };
  const callerOf = (request: FastifyRequest): PhonesCaller => ({
    companyId: companyOf(request).id,
    userId: request.user!.id,
  });

  app.get(
    "/app/phone_numbers.json",
    {
      schema: {
        tags,
        summary: "The company's phone numbers, newest first",
        description:
          "The active numbers (released ones are not listed), each with the AI employee who answers it and that employee's department, its capabilities and monthly cost. provider: the phone provider in use (twilio, or simulated without Twilio credentials). Every member may read it.",
        response: { 200: phoneNumbersSchema },
      },
    },
    async (request) => listNumbers(deps, companyOf(request).id),
  );

  app.get(
    "/app/phone_numbers/available.json",
    {
      schema: {
        tags,
        summary: "Numbers the company can buy",
        description: `country_code (ISO 3166 alpha-2, one of the listed countries; US when left out), area_code (2 to 5 digits) and contains (2 to 10 digits the number must contain, * for any digit). Up to 20 numbers, each ${PRICE}; address_required says the country needs an address on file first. None there: an empty list. The provider not answering: 502.`,
        querystring: availableNumbersQuerySchema,
        response: { 200: availableNumbersSchema, ...errorResponses(502) },
      },
    },
    async (request) => searchNumbers(deps, request.query),
  );

  app.post(
    "/app/phone_numbers.json",
    {
      preValidation: numberManagers,
      schema: {
        tags,
        summary: `Buy a number (owners and admins), ${PRICE}`,
        description: `phone_number: one the search offered (E.164); name (the company's name for it; its written form when left out); ai_employee_id: who answers it (one of the company's: 400 otherwise; null: nobody yet). It is charged ${PRICE} from today until it is released. The provider's refusals: 409 number_unavailable (taken meanwhile), 422 number_invalid, 404 no_numbers_found, 502 telephony_unreachable; already one of the company's numbers: 409 number_already_owned. Nothing is stored when it fails.`,
        body: buyPhoneNumberSchema,
        response: { 201: phoneNumberSchema, ...errorResponses(403, 404, 409, 422, 502) },
      },
    },
    async (request, reply) => reply.code(201).send(await buyNumber(deps, callerOf(request), request.body)),
  );

  app.patch(
    "/app/phone_numbers/:id.json",
    {
      preValidation: numberManagers,
      schema: {
        tags,
        summary: "Rename a number or assign it to another AI employee (owners and admins)",
        description:
          "name and/or ai_employee_id (one of the company's: 400 otherwise; null: nobody answers it). Another company's number, or a released one, is a 404.",
        params,
        body: updatePhoneNumberSchema,
        response: { 200: phoneNumberSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => updateNumber(deps, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    "/app/phone_numbers/:id.json",
    {
      preValidation: numberManagers,
      schema: {
        tags,
        summary: "Release a number (owners and admins)",
        description:
          "Gives the number back to the provider: it takes no more calls and billing stops today. Answers the number, released (with released_at). It is no longer listed; another company's number, or one released already, is a 404. The provider not answering: 502, and nothing changes.",
        params,
        response: { 200: phoneNumberSchema, ...errorResponses(403, 404, 502) },
      },
    },
    async (request) => releaseNumber(deps, callerOf(request), request.params.id, new Date()),
  );

  app.get(
    "/app/call_settings.json",
    {
      schema: {
        tags,
        summary: "The company's call settings",
        description:
          "recording_enabled: calls are recorded and callers are told so first (off until set). fallback_number: where a hand-off to a person is dialled (null: the AI takes a message and opens an action item). Every member may read them.",
        response: { 200: callSettingsSchema },
      },
    },
    async (request) => readCallSettings(app.db, companyOf(request).id),
  );

  app.patch(
    "/app/call_settings.json",
    {
      preValidation: settingsManagers,
      schema: {
        tags,
        summary: "Change the call settings (owners and admins)",
        description:
          "recording_enabled and/or fallback_number (E.164, or null for none). Answers the settings as they are now.",
        body: updateCallSettingsSchema,
        response: { 200: callSettingsSchema, ...errorResponses(403) },
      },
    },
    async (request) => changeCallSettings(app.db, companyOf(request).id, request.body, new Date()),
  );
};
