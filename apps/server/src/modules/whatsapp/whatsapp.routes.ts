import {
  messageSchema,
  whatsappAssigneeInputSchema,
  whatsappOnboardSchema,
  whatsappStatusSchema,
  whatsappTemplateInputSchema,
  whatsappTemplateListSchema,
  whatsappTemplateSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { assign, type ConnectionWriter, disconnect, onboard } from "./onboarding.service.ts";
import { sendTemplateMessage } from "./send-template.service.ts";
import { whatsappStatus } from "./status.ts";
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  syncTemplatesNow,
  updateTemplate,
} from "./templates.service.ts";

const tags = ["whatsapp"];
const params = z.object({ id: z.string() });
const SIGNUP = "/app/whatsapp/embedded_signup/integrations";

/** The company's WhatsApp number (embedded signup, who answers it) and its message templates. */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = (request: FastifyRequest): ConnectionWriter => ({
    deps: app.whatsapp,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });

  app.get(
    `${SIGNUP}/status.json`,
    {
      schema: {
        tags,
        summary: "The WhatsApp connection's state and details",
        description:
          "configured and missing: the server's WHATSAPP_* settings; signup: what the browser needs to launch Meta's embedded signup (app id, configuration id, SDK URL); connection: null until a signup was started, else its state (connected, disconnected, connecting, disconnecting, setting_up, verifying), the onboarding step running or failed with its error, the phone number, quality, verified, Meta's status, the last webhook and who answers it. Every member may read it.",
        response: { 200: whatsappStatusSchema },
      },
    },
    async (request) => whatsappStatus(app.whatsapp, companyOf(request).id),
  );

  app.post(
    `${SIGNUP}/onboard.json`,
    {
      schema: {
        tags,
        summary: "Finish the embedded signup (owners and admins)",
        description:
          "whatsapp_embedded_signup {code, waba_id, phone_number_id, business_id} as the signup popup gave them, at once (the code is short-lived); optional ai_employee_id answers the number. Runs the steps in order: token (exchange the code), scopes (the token must reach this WABA), phone_number, register, subscribe (our app to the WABA's webhooks), templates (sync). Answers the status when connected. A failed step answers 422 whatsapp_onboarding_failed naming the step and Meta's reason, and leaves the connection disconnected at that step; a retry with a new code skips the registration and subscription already done. 409 whatsapp_not_configured without the server settings; 409 when the number is another company's.",
        body: whatsappOnboardSchema,
        response: { 200: whatsappStatusSchema, ...errorResponses(403, 409, 422) },
      },
    },
    async (request) => onboard(writer(request), request.body),
  );

  app.post(
    `${SIGNUP}/disconnect.json`,
    {
      schema: {
        tags,
        summary: "Disconnect the WhatsApp number (owners and admins)",
        description:
          "Unsubscribes our app from the WABA and forgets the business token. Conversations and templates stay; customers' new messages stop arriving. If Meta cannot be told, the token is forgotten anyway and the status's error says what to do in Meta Business Suite.",
        response: { 200: whatsappStatusSchema, ...errorResponses(403) },
      },
    },
    async (request) => disconnect(writer(request)),
  );

  app.put(
    "/app/whatsapp/assignee.json",
    {
      schema: {
        tags,
        summary: "Choose who answers the WhatsApp number (owners and admins)",
        description:
          "ai_employee_id, or department_id (its first active AI employee by name answers each new conversation), or neither to leave new conversations to staff. Another company's id is a 422.",
        body: whatsappAssigneeInputSchema,
        response: { 200: whatsappStatusSchema, ...errorResponses(403, 409, 422) },
      },
    },
    async (request) => assign(writer(request), request.body),
  );

  app.get(
    "/app/whatsapp/templates.json",
    {
      schema: {
        tags,
        summary: "The company's WhatsApp message templates",
        description:
          "By name. status: active, pending_review, rejected, draft, paused, disabled (Meta's review; rejection_reason says why). synced_at: the last sync with the WABA; connected false means templates can only be drafted. Every member may read them.",
        response: { 200: whatsappTemplateListSchema },
      },
    },
    async (request) => listTemplates(app.whatsapp, companyOf(request).id),
  );

  app.post(
    "/app/whatsapp/templates/sync.json",
    {
      schema: {
        tags,
        summary: "Sync the templates with the WhatsApp Business Account now (owners and admins)",
        description:
          "Reads every template from Meta: new ones are added, known ones take Meta's content and status, submitted ones Meta no longer has are removed; drafts stay. 409 when no number is connected.",
        response: { 200: whatsappTemplateListSchema, ...errorResponses(403, 409, 422) },
      },
    },
    async (request) => syncTemplatesNow(app.whatsapp, managerOf(request).id),
  );

  const templateWriter = (request: FastifyRequest) => ({
    deps: app.whatsapp,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });

  const RULES =
    "name: lowercase letters, digits and underscores; body (≤ 1,024) with variables {{1}}, {{2}}… in order, not at its very start or end; header and footer ≤ 60 without variables; variables: one {source, example} per {{n}}. submit true sends it to Meta for review (needs a connected number, else 409), false keeps a draft. The rules are checked before Meta is called (422 validation_error with details); Meta's refusal is a 422 whatsapp_rejected with its reason; a taken name and language is a 409 naming name.";

  app.post(
    "/app/whatsapp/templates.json",
    {
      schema: {
        tags,
        summary: "Create a WhatsApp template (owners and admins)",
        description: RULES,
        body: whatsappTemplateInputSchema,
        response: { 201: whatsappTemplateSchema, ...errorResponses(403, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createTemplate(templateWriter(request), request.body)),
  );

  app.patch(
    "/app/whatsapp/templates/:id.json",
    {
      schema: {
        tags,
        summary: "Edit a WhatsApp template (owners and admins)",
        description: `The whole template. A draft may change anything; a submitted one keeps its name and language (Meta's rule) and goes back to pending_review. ${RULES}`,
        params,
        body: whatsappTemplateInputSchema,
        response: { 200: whatsappTemplateSchema, ...errorResponses(403, 404, 409, 422) },
      },
    },
    async (request) => updateTemplate(templateWriter(request), request.params.id, request.body),
  );

  app.delete(
    "/app/whatsapp/templates/:id.json",
    {
      schema: {
        tags,
        summary: "Delete a WhatsApp template (owners and admins)",
        description: "Deletes it at Meta too when it was submitted. 204.",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteTemplate(templateWriter(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/app/conversations/:id/whatsapp_template.json",
    {
      schema: {
        tags,
        summary: "Send a WhatsApp template into a conversation",
        description:
          "template_id: an active template; values: by position, the text for each {{n}} (typed variables need one; the rest are filled from the customer, their latest order and the company unless given). The only way to write to a customer more than 24 hours after their last message. Takes the conversation over, like a staff reply; the message's delivery then follows WhatsApp's statuses. 409 for a conversation that is not WhatsApp; 422 naming values.N left empty. Any member may send.",
        params,
        body: z.object({
          templateId: z.string(),
          values: z.array(z.string().max(1000).nullable()).max(20).default([]),
        }),
        response: { 201: z.object({ message: messageSchema }), ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const message = await sendTemplateMessage(app.whatsapp, {
        companyId: companyOf(request).id,
        conversationId: request.params.id,
        userId: request.user!.id,
        templateId: request.body.templateId,
        values: request.body.values,
      });
      return reply.code(201).send({ message });
    },
  );
};
