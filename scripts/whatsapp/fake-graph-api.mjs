// A fake of Meta's Graph API for WhatsApp (the Cloud API calls Foreman makes), its webhooks and its
// JavaScript SDK, on 127.0.0.1 with node:http alone: the server tests and the offline demo run against
// it without a Meta account or a network. Answers and errors follow Meta's documented shapes; the rules
// and the operations live in fake-graph-operations.mjs and fake-meta-rules.mjs, the webhook payloads in
// fake-payloads.mjs, the SDK in fake-sdk.mjs. Besides Graph's paths it serves GET /sdk.js (the SDK),
// GET /fake/signup (a signup's code and ids as JSON), POST /fake/customer-message {text, from?, name?}
// (a customer writes) and POST /fake/message-status {status, wamid?, error_code?, error?} (Meta reports
// what became of a sent message).
//
// CLI: node scripts/whatsapp/fake-graph-api.mjs [--port 4010] [--webhook URL] [--auto-approve]
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { handlers, OPERATIONS, routeOf, toWire, WITHOUT_TOKEN } from "./fake-graph-operations.mjs";
import { GraphError, invalidToken, missingToken } from "./fake-meta-rules.mjs";
import * as payloads from "./fake-payloads.mjs";

export { OPERATIONS } from "./fake-graph-operations.mjs";
export { GraphError } from "./fake-meta-rules.mjs";
export { inboundMessage, qualityUpdate, signWebhook, statusUpdate, templateStatusUpdate } from "./fake-payloads.mjs";

export const DEFAULT_BUSINESS = Object.freeze({
  businessId: "700000000000001",
  wabaId: "800000000000001",
  phoneNumberId: "900000000000001",
  displayPhoneNumber: "+1 555-010-0001",
  verifiedName: "Northwind Demo",
  qualityRating: "GREEN",
});

const digits = (text) => String(text).replace(/\D/g, "");

class FakeGraphApi {
  constructor(options) {
    this.appId = options.appId ?? "1234567890";
    this.appSecret = options.appSecret ?? "fake-app-secret";
    this.autoApprove = options.autoApprove ?? false;
    this.webhookUrl = options.webhookUrl ?? null;
    this.log = options.log ?? null;
    this.businessList = [{ ...DEFAULT_BUSINESS }];
    // Codes and tokens outlive reset(): a company connected before a reset keeps a working token.
    this.codes = new Map();
    this.tokens = new Map();
    this.lastId = 0;
    this.reset();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => this.crash(res, error));
    });
  }

  // Lifecycle -------------------------------------------------------------------------------------

  async listen(port) {
    await new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", resolve);
    });
    this.port = this.server.address().port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this;
  }

  close() {
    return new Promise((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    });
  }

  reset() {
    this.calls = [];
    this.sent = [];
    this.faults = [];
    this.delays = [];
    this.templates = [];
    this.subscriptions = new Map();
    this.registered = new Set();
    this.media = new Map();
  }

  // Businesses, codes and fixtures ----------------------------------------------------------------

  get businesses() {
    return this.businessList.map((business) => ({ ...business }));
  }

  addBusiness(fields = {}) {
    const n = this.businessList.length + 1;
    const business = {
      businessId: String(700000000000000 + n),
      wabaId: String(800000000000000 + n),
      phoneNumberId: String(900000000000000 + n),
      displayPhoneNumber: `+1 555-010-${String(n).padStart(4, "0")}`,
      verifiedName: `Demo Business ${n}`,
      qualityRating: "GREEN",
      ...definedOnly(fields),
    };
    if (this.businessList.some((b) => b.phoneNumberId === business.phoneNumberId))
      throw new Error(`addBusiness: phone number ${business.phoneNumberId} already exists`);
    this.businessList.push(business);
    return { ...business };
  }

  /** The business a selector names (phone number, then WABA, then business id), else the first. */
  businessFor({ phoneNumberId, wabaId, businessId } = {}) {
    const business = phoneNumberId
      ? this.businessList.find((b) => b.phoneNumberId === String(phoneNumberId))
      : wabaId
        ? this.businessList.find((b) => b.wabaId === String(wabaId))
        : businessId
          ? this.businessList.find((b) => b.businessId === String(businessId))
          : this.businessList[0];
    if (!business) throw new Error(`No fake business matches ${JSON.stringify({ phoneNumberId, wabaId, businessId })}`);
    return business;
  }

  /** A code as Embedded Signup gives it; reusable, and exchanged for a token bound to that WABA. */
  issueCode(selector = {}) {
    const code = `fake-code-${randomBytes(12).toString("hex")}`;
    this.codes.set(code, this.businessFor(selector));
    return code;
  }

  seedTemplates(wabaId, templates) {
    return templates.map((t) =>
      toWire(
        this.storeTemplate({
          id: t.id,
          wabaId: String(wabaId),
          name: t.name,
          language: t.language ?? "en_US",
          category: t.category ?? "UTILITY",
          status: t.status ?? "APPROVED",
          rejectedReason: t.rejectedReason ?? "NONE",
          components: t.components ?? [{ type: "BODY", text: "Hello from Northwind" }],
        }),
      ),
    );
  }

  setTemplateStatus(templateId, status, reason) {
    const template = this.templates.find((t) => t.id === String(templateId));
    if (!template) throw new Error(`setTemplateStatus: no template ${templateId}`);
    template.status = status;
    template.rejectedReason = reason ?? (status === "REJECTED" ? "INVALID_FORMAT" : "NONE");
    return toWire(template);
  }

  /**
   * A media file: given `data`, or `size` bytes made up while they are served (a PNG signature, then
   * zeros; never held in memory), so a client that does not stop reading can be caught. `declaredSize`
   * is what GET /{media_id} says as `file_size` (the real size unless given; null leaves it out).
   */
  addMedia({ mimeType, data, size, declaredSize, fileName }) {
    const bytes = data === undefined ? null : Buffer.from(data);
    const length = bytes ? bytes.length : Number(size);
    if (!bytes && !(Number.isSafeInteger(length) && length > 0)) throw new Error("addMedia: give data or a size");
    const id = this.newId(2);
    const digest = (encoding) =>
      createHash("sha256")
        .update(bytes ?? `generated:${length}`)
        .digest(encoding);
    // Graph's media object gives the hash in hex, the webhook in base64.
    this.media.set(id, {
      id,
      mimeType,
      data: bytes,
      size: length,
      declaredSize: declaredSize === undefined ? length : declaredSize,
      served: 0,
      fileName,
      sha256: digest("hex"),
      sha256Base64: digest("base64"),
    });
    return id;
  }

  /** How many bytes of a media file the downloads so far had to produce. */
  mediaBytesServed(id) {
    const media = this.media.get(String(id));
    if (!media) throw new Error(`mediaBytesServed: no media ${id}`);
    return media.served;
  }

  subscribedWabas() {
    return [...this.subscriptions.keys()];
  }

  registeredNumbers() {
    return [...this.registered];
  }

  setWebhookUrl(url) {
    this.webhookUrl = url;
  }

  // Fault injection and the call log --------------------------------------------------------------

  failNext(operation, { times = 1, ...fault } = {}) {
    assertOperation(operation);
    this.faults.push({ operation, remaining: times, fault });
  }

  delayNext(operation, ms) {
    assertOperation(operation);
    this.delays.push({ operation, ms });
  }

  callsOf(operation) {
    return this.calls.filter((call) => call.operation === operation);
  }

  takeFault(operation) {
    const index = this.faults.findIndex((f) => f.operation === operation);
    if (index < 0) return null;
    const entry = this.faults[index];
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.faults.splice(index, 1);
    return entry.fault;
  }

  takeDelay(operation) {
    const index = this.delays.findIndex((d) => d.operation === operation);
    return index < 0 ? 0 : this.delays.splice(index, 1)[0].ms;
  }

  // Webhooks --------------------------------------------------------------------------------------

  sign(rawBody) {
    return payloads.signWebhook(this.appSecret, rawBody);
  }

  inboundMessage(fields = {}) {
    const business = this.businessFor(fields);
    const media = fields.mediaId ? this.media.get(String(fields.mediaId)) : undefined;
    return payloads.inboundMessage({
      ...webhookDefaults(business),
      from: "5491155550000",
      name: "Ana",
      ...(media ? { mimeType: media.mimeType, sha256: media.sha256Base64, fileName: media.fileName } : {}),
      ...definedOnly(fields),
    });
  }

  statusUpdate(fields = {}) {
    const business = this.businessFor(fields);
    const sent = this.sent.find((message) => message.wamid === fields.wamid);
    return payloads.statusUpdate({ ...webhookDefaults(business), recipient: sent?.to, ...definedOnly(fields) });
  }

  templateStatusUpdate(fields = {}) {
    const template = this.templates.find((t) => t.id === String(fields.templateId));
    // A template the fake does not hold still belongs to a WABA: the first business's unless given.
    const known = template
      ? { wabaId: template.wabaId, name: template.name, language: template.language }
      : { wabaId: this.businessFor(fields).wabaId };
    return payloads.templateStatusUpdate({ ...known, ...definedOnly(fields) });
  }

  qualityUpdate(fields = {}) {
    const business = this.businessFor(fields);
    return payloads.qualityUpdate({ ...webhookDefaults(business), event: "FLAGGED", ...definedOnly(fields) });
  }

  /** Posts a webhook as Meta does; answers our server's status and body. */
  async deliver(payload, { url = this.webhookUrl, signature = "valid" } = {}) {
    if (!url) throw new Error("deliver: no webhook URL (pass { url } or start the fake with webhookUrl)");
    const raw = JSON.stringify(payload);
    const headers = { "content-type": "application/json", "user-agent": "facebookexternalua" };
    if (signature === "valid") headers["x-hub-signature-256"] = this.sign(raw);
    if (signature === "bad") headers["x-hub-signature-256"] = payloads.signWebhook(`${this.appSecret}-wrong`, raw);
    const response = await fetch(url, { method: "POST", headers, body: raw });
    return { status: response.status, body: parseJson(await response.text()) };
  }

  // The HTTP side ---------------------------------------------------------------------------------

  async handle(req, res) {
    const url = new URL(req.url, this.url);
    const { operation, id } = routeOf(this, req.method, url.pathname);
    const query = Object.fromEntries(url.searchParams);
    const body = parseBody(req.headers["content-type"], await readBody(req));
    const authorization = req.headers.authorization ?? null;
    const call = { operation, method: req.method, path: url.pathname, query, body, authorization };
    this.calls.push(call);

    const delay = this.takeDelay(operation);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const fault = this.takeFault(operation);
    if (fault?.networkDrop) {
      req.socket.destroy();
      return this.logCall(call, "dropped");
    }
    let answer;
    try {
      if (fault) throw new GraphError(fault);
      const grant = WITHOUT_TOKEN.has(operation) ? null : this.authorize(req, url);
      answer = await handlers[operation](this, { id, url, query, body, grant });
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      answer = { status: error.status, json: error.toBody() };
    }
    respond(res, answer);
    this.logCall(call, answer.status);
  }

  /** The token's grant (the WABA it reaches); Graph also takes the token as ?access_token=. */
  authorize(req, url) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const token = bearer ?? url.searchParams.get("access_token");
    if (!token) throw missingToken();
    const grant = this.tokens.get(token);
    if (!grant) throw invalidToken();
    return grant;
  }

  logCall(call, status) {
    this.log?.(`[fake-graph] ${status} ${call.method} ${call.path} (${call.operation})`);
  }

  crash(res, error) {
    this.log?.(`[fake-graph] the fake itself failed: ${error.stack ?? error}`);
    if (!res.headersSent) respond(res, { status: 500, json: new GraphError({ status: 500, code: 2 }).toBody() });
  }

  newId(prefix) {
    this.lastId += 1;
    // 16 digits like Meta's ids, yet below 2^53: webhooks carry a template id as a JSON number.
    return String(prefix * 10 ** 15 + this.lastId);
  }

  // Templates -------------------------------------------------------------------------------------

  reviewedStatus() {
    return this.autoApprove ? "APPROVED" : "PENDING";
  }

  storeTemplate(template) {
    const stored = { ...template, id: template.id ? String(template.id) : this.newId(1) };
    stored.components = structuredClone(template.components);
    this.templates.push(stored);
    return stored;
  }
}

// Helpers ----------------------------------------------------------------------------------------

function assertOperation(operation) {
  if (!OPERATIONS.includes(operation))
    throw new Error(`Unknown operation ${operation}; expected one of ${OPERATIONS.join(", ")}`);
}

const definedOnly = (fields) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

/** A business's ids as webhooks carry them (Meta writes the display number as digits there). */
const webhookDefaults = (business) => ({
  wabaId: business.wabaId,
  phoneNumberId: business.phoneNumberId,
  displayPhoneNumber: digits(business.displayPhoneNumber),
});

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** JSON, or a form (Graph takes both), or null. */
function parseBody(contentType, buffer) {
  if (buffer.length === 0) return null;
  const text = buffer.toString("utf8");
  if (String(contentType).includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(text));
  const json = parseJson(text);
  return typeof json === "string" ? null : json;
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function respond(res, { status, json, raw, stream, headers }) {
  if (res.destroyed) return;
  res.writeHead(status, headers ?? { "content-type": "application/json; charset=UTF-8" });
  // A stream is produced only as fast as the client reads it (and stops when it hangs up).
  if (stream) pipeline(stream, res).catch(() => {});
  else res.end(raw ?? JSON.stringify(json));
}

/** Starts the fake on 127.0.0.1 (port 0 picks a free one). */
export function startFakeGraphApi(options = {}) {
  return new FakeGraphApi(options).listen(options.port ?? 0);
}

// CLI --------------------------------------------------------------------------------------------

const DEMO_APP_SECRET = "fake-app-secret-offline-demo"; // the server wants at least 16 characters

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      webhook: { type: "string", default: "http://127.0.0.1:3000/webhooks/whatsapp" },
      "auto-approve": { type: "boolean", default: true },
    },
  });
  const fake = await startFakeGraphApi({
    port: Number(values.port),
    appSecret: DEMO_APP_SECRET,
    webhookUrl: values.webhook,
    autoApprove: values["auto-approve"],
    log: (line) => console.log(line),
  });
  console.log(banner(fake, new URL(values.webhook).origin));
  const stop = () => fake.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

function banner(fake, publicUrl) {
  const business = fake.businesses[0];
  const env = [
    `WHATSAPP_APP_ID=${fake.appId}`,
    `WHATSAPP_APP_SECRET=${fake.appSecret}`,
    "WHATSAPP_CONFIG_ID=fake-config",
    "WHATSAPP_VERIFY_TOKEN=fake-verify-token",
    `PUBLIC_URL=${publicUrl}`,
    `WHATSAPP_GRAPH_URL=${fake.url}`,
    `WHATSAPP_SDK_URL=${fake.url}/sdk.js`,
  ].join(" ");
  return [
    `Fake Meta Graph API on ${fake.url} (templates ${fake.autoApprove ? "approved at once" : "stay PENDING"})`,
    `Business: ${business.verifiedName} ${business.displayPhoneNumber} (WABA ${business.wabaId}, number ${business.phoneNumberId})`,
    `Webhooks go to ${fake.webhookUrl}`,
    "",
    "Start Foreman with:",
    `  ${env} npm start`,
    "",
    "Connect WhatsApp in Foreman (the fake signup finishes at once), then play a customer:",
    `  node scripts/whatsapp/say.mjs "Hello" --from 5491155550000 --name "Ana" --fake ${fake.url}`,
    "",
    "Ctrl-C stops the fake.",
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
