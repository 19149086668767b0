// The Graph operations the fake answers (fake-graph-api.mjs holds the state and the HTTP plumbing):
// which path and method name each operation, and its handler, a function of the fake and the request
// that answers { status, json } (or raw bytes) or throws a GraphError.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import {
  checkCategory,
  checkComponents,
  checkMessage,
  checkNewTemplate,
  checkTemplateSend,
  GraphError,
  noSuchObject,
  permissionsError,
  requiredParameter,
  templateParameters,
} from "./fake-meta-rules.mjs";
import { newWamid } from "./fake-payloads.mjs";
import { sdkSource } from "./fake-sdk.mjs";

/** The app's name in GET subscribed_apps. */
const APP_NAME = "Foreman";

/** Operations answered without a business token (they carry app credentials, or are not Graph's). */
export const WITHOUT_TOKEN = new Set([
  "token",
  "debug_token",
  "sdk",
  "signup",
  "customer_message",
  "message_status",
  "unknown",
]);

/** A Graph path after an optional version prefix (/v22.0/…), ":id" standing for one segment. */
const graphPath = (pattern) => new RegExp(`^(?:/v\\d+\\.\\d+)?/${pattern.replace(":id", "([^/]+)")}/?$`);

// Matched in order; GET /:id is last as its operation depends on what the id names.
const ROUTES = [
  ["GET", /^\/sdk\.js$/, "sdk"],
  ["GET", /^\/media-download\/([^/]+)$/, "media_download"],
  ["GET", /^\/fake\/signup$/, "signup"],
  ["POST", /^\/fake\/customer-message$/, "customer_message"],
  ["POST", /^\/fake\/message-status$/, "message_status"],
  ["GET", graphPath("oauth/access_token"), "token"],
  ["GET", graphPath("debug_token"), "debug_token"],
  ["GET", graphPath(":id/phone_numbers"), "phone_numbers"],
  ["POST", graphPath(":id/register"), "register"],
  ["GET", graphPath(":id/subscribed_apps"), "list_subscriptions"],
  ["POST", graphPath(":id/subscribed_apps"), "subscribe"],
  ["DELETE", graphPath(":id/subscribed_apps"), "unsubscribe"],
  ["GET", graphPath(":id/message_templates"), "list_templates"],
  ["POST", graphPath(":id/message_templates"), "create_template"],
  ["DELETE", graphPath(":id/message_templates"), "delete_template"],
  ["POST", graphPath(":id/messages"), "send"],
  ["POST", graphPath(":id"), "edit_template"],
  ["GET", graphPath(":id"), objectOperation],
];

/** The operation a request names, and the id in its path. */
export function routeOf(fake, method, pathname) {
  for (const [routeMethod, pattern, operation] of ROUTES) {
    const match = method === routeMethod ? pathname.match(pattern) : null;
    if (!match) continue;
    const id = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
    return { operation: typeof operation === "function" ? operation(fake, id) : operation, id };
  }
  return { operation: "unknown" };
}

/** What GET /{id} reads, by what the id names. */
function objectOperation(fake, id) {
  if (fake.businessList.some((b) => b.phoneNumberId === id)) return "phone_number";
  if (fake.media.has(id)) return "media";
  if (fake.templates.some((t) => t.id === id)) return "get_template";
  return "unknown";
}

/** The WABA, if the token reaches it. */
function ownWaba(fake, grant, wabaId, method = "get") {
  if (!fake.businessList.some((b) => b.wabaId === wabaId)) throw noSuchObject(method, wabaId);
  if (grant.wabaId !== wabaId) throw permissionsError();
  return wabaId;
}

/** The business of a phone number, if the token reaches its WABA. */
function ownNumber(fake, grant, phoneNumberId, method = "get") {
  const business = fake.businessList.find((b) => b.phoneNumberId === phoneNumberId);
  if (!business) throw noSuchObject(method, phoneNumberId);
  if (grant.wabaId !== business.wabaId) throw permissionsError();
  return business;
}

const ok = (json) => ({ status: 200, json });
const success = () => ok({ success: true });

// Graph's cursors are opaque; ours carry a position in the list.
const cursor = (index) => Buffer.from(`fake-cursor:${index}`).toString("base64url");
function cursorIndex(value) {
  const match = Buffer.from(String(value), "base64url")
    .toString()
    .match(/^fake-cursor:(\d+)$/);
  if (!match) throw new GraphError({ code: 100, message: "(#100) Invalid cursor" });
  return Number(match[1]);
}

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");
const GENERATED_CHUNK = 64 * 1024;

/** A generated media file's bytes, counted as they are produced (a PNG signature, then zeros). */
function* generatedBytes(media) {
  for (let sent = 0; sent < media.size; ) {
    const chunk = Buffer.alloc(Math.min(GENERATED_CHUNK, media.size - sent));
    if (sent === 0) PNG_SIGNATURE.copy(chunk, 0, 0, Math.min(PNG_SIGNATURE.length, chunk.length));
    sent += chunk.length;
    media.served += chunk.length;
    yield chunk;
  }
}

/** Each operation's handler, by the name failNext and the call log use. */
export const handlers = {
  token(fake, { query }) {
    if (query.client_id !== fake.appId || query.client_secret !== fake.appSecret)
      throw new GraphError({ code: 100, message: "Error validating client secret." });
    const business = fake.codes.get(query.code);
    if (!business) throw new GraphError({ code: 100, message: "Invalid verification code format." });
    const token = `EAAFake${randomBytes(32).toString("base64url")}`;
    fake.tokens.set(token, { token, wabaId: business.wabaId });
    return ok({ access_token: token, token_type: "bearer" });
  },

  debug_token(fake, { query }) {
    if (query.access_token !== `${fake.appId}|${fake.appSecret}`)
      throw new GraphError({ code: 190, message: "Invalid OAuth access token signature." });
    if (!query.input_token) throw requiredParameter("input_token");
    const grant = fake.tokens.get(query.input_token);
    if (!grant) return ok({ data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } } });
    const scopes = ["whatsapp_business_management", "whatsapp_business_messaging"];
    return ok({
      data: {
        app_id: fake.appId,
        type: "SYSTEM_USER",
        application: APP_NAME,
        expires_at: 0,
        is_valid: true,
        scopes,
        granular_scopes: scopes.map((scope) => ({ scope, target_ids: [grant.wabaId] })),
      },
    });
  },

  phone_numbers(fake, { id, grant }) {
    ownWaba(fake, grant, id);
    const numbers = fake.businessList.filter((b) => b.wabaId === id).map(phoneNumberObject);
    return ok({ data: numbers, paging: { cursors: { before: cursor(0), after: cursor(numbers.length - 1) } } });
  },

  phone_number(fake, { id, grant, query }) {
    const number = phoneNumberObject(ownNumber(fake, grant, id));
    if (!query.fields) return ok(number);
    // Graph answers the fields asked for, and always the id.
    const fields = new Set(["id", ...query.fields.split(",").map((f) => f.trim())]);
    return ok(Object.fromEntries(Object.entries(number).filter(([name]) => fields.has(name))));
  },

  register(fake, { id, grant, body }) {
    ownNumber(fake, grant, id, "post");
    if (body?.messaging_product !== "whatsapp") throw requiredParameter("messaging_product");
    if (!/^\d{6}$/.test(String(body.pin ?? "")))
      throw new GraphError({ code: 100, message: "(#100) Param pin must be a 6-digit number" });
    fake.registered.add(id);
    return success();
  },

  subscribe(fake, { id, grant, body, query }) {
    ownWaba(fake, grant, id, "post");
    const override = body?.override_callback_uri ?? query.override_callback_uri;
    const verifyToken = body?.verify_token ?? query.verify_token;
    if (override && !fake.subscriptions.has(id))
      throw new GraphError({
        code: 100,
        message:
          "(#100) Before override the current callback uri, your app must be subscribed to receive messages for WhatsApp Business Account",
      });
    fake.subscriptions.set(id, override ? { overrideCallbackUri: override, verifyToken } : {});
    return success();
  },

  list_subscriptions(fake, { id, grant }) {
    ownWaba(fake, grant, id);
    const subscription = fake.subscriptions.get(id);
    if (!subscription) return ok({ data: [] });
    const app = { whatsapp_business_api_data: { id: fake.appId, name: APP_NAME } };
    if (subscription.overrideCallbackUri) app.override_callback_uri = subscription.overrideCallbackUri;
    return ok({ data: [app] });
  },

  unsubscribe(fake, { id, grant }) {
    ownWaba(fake, grant, id, "delete");
    fake.subscriptions.delete(id);
    return success();
  },

  list_templates(fake, { id, grant, query, url }) {
    ownWaba(fake, grant, id);
    const all = fake.templates.filter(
      (t) =>
        t.wabaId === id &&
        (!query.name || t.name.includes(query.name)) &&
        (!query.status || t.status === query.status.toUpperCase()),
    );
    const asked = Number.parseInt(query.limit ?? "", 10);
    const limit = Number.isNaN(asked) ? 25 : Math.min(Math.max(asked, 1), 1000);
    const start = query.after ? cursorIndex(query.after) + 1 : 0;
    const page = all.slice(start, start + limit);
    if (page.length === 0) return ok({ data: [] });
    const paging = { cursors: { before: cursor(start), after: cursor(start + page.length - 1) } };
    if (start + page.length < all.length) {
      // Meta's next link is the same request a page further, the token included.
      const next = new URL(url);
      next.searchParams.set("limit", String(limit));
      next.searchParams.set("after", paging.cursors.after);
      next.searchParams.set("access_token", grant.token);
      paging.next = next.toString();
    }
    return ok({ data: page.map(toWire), paging });
  },

  create_template(fake, { id, grant, body }) {
    ownWaba(fake, grant, id, "post");
    checkNewTemplate(body);
    if (fake.templates.some((t) => t.wabaId === id && t.name === body.name && t.language === body.language))
      throw new GraphError({
        code: 100,
        message: "Invalid parameter",
        subcode: 2388024,
        userTitle: "Content in this language already exists",
        userMessage: `There is already ${body.language} content for this template (${body.name}). Create a new template with a different name, or edit the existing one.`,
      });
    const template = fake.storeTemplate({
      wabaId: id,
      name: body.name,
      language: body.language,
      category: checkCategory(body.category),
      status: fake.reviewedStatus(),
      rejectedReason: "NONE",
      components: body.components,
    });
    return ok({ id: template.id, status: template.status, category: template.category });
  },

  get_template(fake, { id, grant }) {
    const template = fake.templates.find((t) => t.id === id);
    ownWaba(fake, grant, template.wabaId);
    return ok(toWire(template));
  },

  edit_template(fake, { id, grant, body }) {
    const template = fake.templates.find((t) => t.id === id);
    if (!template) throw noSuchObject("post", id);
    ownWaba(fake, grant, template.wabaId, "post");
    if (body?.components === undefined && body?.category === undefined) throw requiredParameter("components");
    if (body.components !== undefined) checkComponents(body.components);
    const category = body.category === undefined ? template.category : checkCategory(body.category);
    Object.assign(template, { category, status: fake.reviewedStatus(), rejectedReason: "NONE" });
    if (body.components !== undefined) template.components = structuredClone(body.components);
    return success();
  },

  delete_template(fake, { id, grant, query }) {
    ownWaba(fake, grant, id, "delete");
    if (!query.name) throw requiredParameter("name");
    const doomed = fake.templates.filter(
      (t) => t.wabaId === id && t.name === query.name && (!query.hsm_id || t.id === query.hsm_id),
    );
    if (doomed.length === 0)
      throw new GraphError({
        code: 100,
        message: "Invalid parameter",
        userTitle: "Message template not found",
        userMessage: `The message template ${query.name} can't be found.`,
      });
    fake.templates = fake.templates.filter((t) => !doomed.includes(t));
    return success();
  },

  send(fake, { id, grant, body }) {
    const business = ownNumber(fake, grant, id, "post");
    checkMessage(body);
    const type = body.type ?? "text";
    const record = { phoneNumberId: id, to: body.to, type };
    if (type === "text") record.text = body.text.body;
    if (type === "template") record.template = checkedTemplate(fake, business.wabaId, body.template);
    record.wamid = newWamid();
    fake.sent.push(record);
    return ok({
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: record.wamid }],
    });
  },

  media(fake, { id }) {
    const media = fake.media.get(id);
    return ok({
      messaging_product: "whatsapp",
      url: `${fake.url}/media-download/${id}`,
      mime_type: media.mimeType,
      sha256: media.sha256,
      ...(media.declaredSize === null ? {} : { file_size: media.declaredSize }),
      id,
    });
  },

  media_download(fake, { id }) {
    const media = fake.media.get(id);
    if (!media) throw new GraphError({ status: 404, code: 100, message: "Media not found" });
    const headers = { "content-type": media.mimeType };
    if (media.data) {
      media.served += media.data.length;
      return { status: 200, raw: media.data, headers };
    }
    // Made up as it goes: sent chunked, with no length announced.
    return { status: 200, stream: Readable.from(generatedBytes(media)), headers };
  },

  sdk(fake, { query }) {
    const business = fake.businessList[0];
    const source = sdkSource({
      code: fake.issueCode(),
      phoneNumberId: business.phoneNumberId,
      wabaId: business.wabaId,
      businessId: business.businessId,
      order: query.order === "code_first" ? "code_first" : "event_first",
      cancel: query.cancel === "1",
    });
    const headers = { "content-type": "application/javascript; charset=utf-8", "access-control-allow-origin": "*" };
    return { status: 200, raw: source, headers };
  },

  /**
   * What the SDK's signup would hand the browser, as JSON: a fresh code and the first business's ids
   * (Meta's names), for tests that finish the signup through the API without a browser.
   */
  signup(fake) {
    const business = fake.businessList[0];
    return ok({
      code: fake.issueCode(),
      waba_id: business.wabaId,
      phone_number_id: business.phoneNumberId,
      business_id: business.businessId,
    });
  },

  /** The demo's customer: a signed inbound message to the webhook (answers the fake's own JSON). */
  async customer_message(fake, { body }) {
    if (!fake.webhookUrl)
      return { status: 409, json: { error: "The fake has no webhook URL (start it with --webhook)" } };
    if (typeof body?.text !== "string" || body.text === "") return { status: 400, json: { error: "text is required" } };
    const payload = fake.inboundMessage({ text: body.text, from: body.from, name: body.name });
    const message = payload.entry[0].changes[0].value.messages[0];
    return deliverToWebhook(fake, payload, { message });
  },

  /**
   * What became of a message the business sent, as Meta reports it: a signed status webhook for the
   * message with this wamid, else the last one sent to `to` (a WhatsApp id), else the last one sent. status: sent, delivered, read or failed (with
   * error_code and error, e.g. 131047 for the closed 24-hour window).
   */
  async message_status(fake, { body }) {
    const statuses = ["sent", "delivered", "read", "failed"];
    if (!statuses.includes(body?.status))
      return { status: 400, json: { error: `status must be one of ${statuses.join(", ")}` } };
    const onlyDigits = (text) => String(text).replace(/\D/g, "");
    const sent = body.wamid
      ? fake.sent.find((item) => item.wamid === body.wamid)
      : body.to
        ? fake.sent.findLast((item) => onlyDigits(item.to) === onlyDigits(body.to))
        : fake.sent.at(-1);
    if (!sent) {
      const what = body.wamid
        ? `No message ${body.wamid} was sent`
        : body.to
          ? `Nothing was sent to ${body.to}`
          : "Nothing was sent yet";
      return { status: 404, json: { error: what } };
    }
    const error = typeof body.error === "string" && body.error !== "" ? body.error : "Message failed to send";
    const errors =
      body.status === "failed"
        ? [{ code: Number(body.error_code ?? 131026), title: error, message: error, error_data: { details: error } }]
        : undefined;
    const payload = fake.statusUpdate({
      phoneNumberId: sent.phoneNumberId,
      wamid: sent.wamid,
      status: body.status,
      errors,
    });
    return deliverToWebhook(fake, payload, { wamid: sent.wamid });
  },

  unknown(_fake, { id, url }) {
    if (id !== undefined) throw noSuchObject("get", id);
    throw new GraphError({ code: 2500, message: `Unknown path components: ${url.pathname}` });
  },
};

/** Posts a webhook built by the fake's own endpoints; answers the receiver's status and body. */
async function deliverToWebhook(fake, payload, extra) {
  if (!fake.webhookUrl)
    return { status: 409, json: { error: "The fake has no webhook URL (start it with --webhook)" } };
  try {
    const answer = await fake.deliver(payload);
    return ok({ webhook: fake.webhookUrl, status: answer.status, answer: answer.body, ...extra });
  } catch (error) {
    return {
      status: 502,
      json: { error: `The webhook could not be reached: ${error.cause?.code ?? error.message}` },
    };
  }
}

/** OPERATIONS: every name failNext, delayNext and callsOf accept. */
export const OPERATIONS = Object.freeze(Object.keys(handlers));

/** A template send checked against the stored template: what fake.sent records of it. */
function checkedTemplate(fake, wabaId, template) {
  const { name } = template;
  const language = template.language.code;
  const stored = fake.templates.find((t) => t.wabaId === wabaId && t.name === name && t.language === language);
  const parameters = templateParameters(template);
  checkTemplateSend(stored, name, language, parameters);
  return { name, language, parameters };
}

const phoneNumberObject = (business) => ({
  id: business.phoneNumberId,
  display_phone_number: business.displayPhoneNumber,
  verified_name: business.verifiedName,
  quality_rating: business.qualityRating,
  code_verification_status: "VERIFIED",
  name_status: "APPROVED",
  status: "CONNECTED",
});

/** A stored template as Graph writes it. */
export const toWire = (t) => ({
  id: t.id,
  name: t.name,
  language: t.language,
  category: t.category,
  status: t.status,
  rejected_reason: t.rejectedReason,
  components: structuredClone(t.components),
});
