import type { WhatsappConfig } from "#server/config.ts";

// Meta's Graph API, the calls WhatsApp needs (modules/whatsapp/README.md). Plain fetch against
// WHATSAPP_GRAPH_URL, so tests and the offline demo point it at the fake in scripts/whatsapp.

/** One call's time limit: Meta answers in well under a second; a hung call must not hold a job. */
export const GRAPH_TIMEOUT_MS = 10_000;
/** The largest media file read from a webhook (WhatsApp's own limit for documents is 100 MB). */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** Meta's error codes that mean "slow down" (retry later). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80007, 130429, 131056]);

/** A refusal from Meta (its code and message), or Meta not reached (status 0). */
export class GraphApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null = null,
    readonly subcode: number | null = null,
    /** Meta's explanation meant for people (error_user_msg), when it gives one. */
    readonly userMessage: string | null = null,
  ) {
    super(message);
    this.name = "GraphApiError";
  }

  /** Worth trying again later: Meta unreachable, its own failure, or a rate limit. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429 || RATE_LIMIT_CODES.has(this.code ?? -1);
  }

  /** What to show staff: Meta's words for people when given, else its message, with the code. */
  get explanation(): string {
    const text = this.userMessage ?? this.message;
    return this.code === null ? text : `${text} (code ${this.code})`;
  }
}

export type PhoneNumberInfo = {
  id: string;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  qualityRating: string | null;
  codeVerificationStatus: string | null;
  nameStatus: string | null;
  status: string | null;
};

export type MetaTemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  example?: { body_text?: string[][]; header_text?: string[] };
};

export type MetaTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejectedReason: string | null;
  components: MetaTemplateComponent[];
};

export type NewMetaTemplate = { name: string; language: string; category: string; components: MetaTemplateComponent[] };

export type OutgoingMessage =
  | { kind: "text"; to: string; body: string }
  | { kind: "template"; to: string; name: string; language: string; parameters: string[] };

type GraphOptions = Pick<WhatsappConfig, "graphUrl" | "graphVersion"> & { appId: string; appSecret: string };

type Json = Record<string, unknown>;

const asString = (value: unknown): string | null => (typeof value === "string" ? value : null);

export class GraphApi {
  constructor(private readonly options: GraphOptions) {}

  private url(path: string, query: Record<string, string> = {}): string {
    const url = new URL(`${this.options.graphUrl}/${this.options.graphVersion}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }

  private async call(
    method: string,
    url: string,
    { token, body }: { token?: string; body?: Json } = {},
  ): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: "error",
        signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new GraphApiError(timedOut ? "Meta did not answer in time" : "Meta's Graph API could not be reached", 0);
    }
    const text = await response.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      throw new GraphApiError(
        `Meta answered ${response.status} with something that is not JSON`,
        response.status || 502,
      );
    }
    const error = json.error as Json | undefined;
    if (!response.ok || error) {
      throw new GraphApiError(
        asString(error?.message) ?? `Meta answered ${response.status}`,
        response.ok ? 400 : response.status,
        typeof error?.code === "number" ? error.code : null,
        typeof error?.error_subcode === "number" ? error.error_subcode : null,
        asString(error?.error_user_msg),
      );
    }
    return json;
  }

  /** The signup's short-lived code → the business's token. */
  async exchangeCode(code: string): Promise<string> {
    const json = await this.call(
      "GET",
      this.url("oauth/access_token", { client_id: this.options.appId, client_secret: this.options.appSecret, code }),
    );
    const token = asString(json.access_token);
    if (!token) throw new GraphApiError("Meta's answer had no access token", 502);
    return token;
  }

  /** The WhatsApp Business Accounts a token may manage and message (its granular scopes). */
  async tokenWabaIds(token: string): Promise<string[]> {
    const json = await this.call(
      "GET",
      this.url("debug_token", { input_token: token, access_token: `${this.options.appId}|${this.options.appSecret}` }),
    );
    const data = (json.data ?? {}) as Json;
    if (data.is_valid !== true) throw new GraphApiError("Meta says the business token is not valid", 400, 190);
    const scopes = Array.isArray(data.granular_scopes) ? (data.granular_scopes as Json[]) : [];
    const ids = (scope: string) =>
      scopes
        .filter((entry) => entry.scope === scope)
        .flatMap((entry) => (Array.isArray(entry.target_ids) ? entry.target_ids.map(String) : []));
    // Both scopes are needed: templates (management) and messages (messaging).
    const management = new Set(ids("whatsapp_business_management"));
    return ids("whatsapp_business_messaging").filter((id) => management.has(id));
  }

  async phoneNumber(token: string, phoneNumberId: string): Promise<PhoneNumberInfo> {
    const json = await this.call(
      "GET",
      this.url(phoneNumberId, {
        fields: "id,display_phone_number,verified_name,quality_rating,code_verification_status,name_status,status",
      }),
      { token },
    );
    return toPhoneNumber(json);
  }

  async registerNumber(token: string, phoneNumberId: string, pin: string): Promise<void> {
    await this.call("POST", this.url(`${phoneNumberId}/register`), {
      token,
      body: { messaging_product: "whatsapp", pin },
    });
  }

  /** Subscribes our app to the WABA's webhooks (before any callback override: Meta refuses it otherwise). */
  async subscribeApp(token: string, wabaId: string): Promise<void> {
    await this.call("POST", this.url(`${wabaId}/subscribed_apps`), { token });
  }

  async unsubscribeApp(token: string, wabaId: string): Promise<void> {
    await this.call("DELETE", this.url(`${wabaId}/subscribed_apps`), { token });
  }

  /** Every template of the WABA, following Meta's pages to the end. */
  async listTemplates(token: string, wabaId: string): Promise<MetaTemplate[]> {
    const templates: MetaTemplate[] = [];
    let after: string | null = null;
    for (let page = 0; page < 100; page++) {
      const query: Record<string, string> = {
        limit: "100",
        fields: "id,name,language,category,status,rejected_reason,components",
      };
      if (after) query.after = after;
      const json = await this.call("GET", this.url(`${wabaId}/message_templates`, query), { token });
      for (const item of Array.isArray(json.data) ? (json.data as Json[]) : []) templates.push(toMetaTemplate(item));
      const paging = (json.paging ?? {}) as Json;
      after = paging.next ? asString(((paging.cursors ?? {}) as Json).after) : null;
      if (!after) break;
    }
    return templates;
  }

  async createTemplate(
    token: string,
    wabaId: string,
    template: NewMetaTemplate,
  ): Promise<{ id: string; status: string }> {
    const json = await this.call("POST", this.url(`${wabaId}/message_templates`), { token, body: template });
    const id = json.id === undefined ? null : String(json.id);
    if (!id) throw new GraphApiError("Meta's answer had no template id", 502);
    return { id, status: asString(json.status) ?? "PENDING" };
  }

  async editTemplate(
    token: string,
    metaTemplateId: string,
    template: Pick<NewMetaTemplate, "category" | "components">,
  ): Promise<void> {
    await this.call("POST", this.url(metaTemplateId), { token, body: template });
  }

  async deleteTemplate(token: string, wabaId: string, name: string, metaTemplateId: string): Promise<void> {
    await this.call("DELETE", this.url(`${wabaId}/message_templates`, { name, hsm_id: metaTemplateId }), { token });
  }

  /** Sends a message; answers WhatsApp's id for it (wamid). */
  async sendMessage(token: string, phoneNumberId: string, message: OutgoingMessage): Promise<string> {
    const body: Json = { messaging_product: "whatsapp", recipient_type: "individual", to: message.to };
    if (message.kind === "text") {
      body.type = "text";
      body.text = { preview_url: false, body: message.body };
    } else {
      body.type = "template";
      body.template = {
        name: message.name,
        language: { code: message.language },
        components:
          message.parameters.length > 0
            ? [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }]
            : [],
      };
    }
    const json = await this.call("POST", this.url(`${phoneNumberId}/messages`), { token, body });
    const sent = Array.isArray(json.messages) ? (json.messages as Json[])[0] : undefined;
    const wamid = asString(sent?.id);
    if (!wamid) throw new GraphApiError("Meta's answer had no message id", 502);
    return wamid;
  }

  /** A media file a customer sent: its bytes and type, refused above MEDIA_MAX_BYTES. */
  async downloadMedia(token: string, mediaId: string): Promise<{ data: Uint8Array; contentType: string }> {
    const info = await this.call("GET", this.url(mediaId), { token });
    const url = asString(info.url);
    if (!url) throw new GraphApiError("Meta's answer had no media URL", 502);
    const declared = Number(info.file_size);
    if (Number.isFinite(declared) && declared > MEDIA_MAX_BYTES)
      throw new GraphApiError(`The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`, 413);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS * 3),
      });
    } catch {
      throw new GraphApiError("The media file could not be downloaded", 0);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GraphApiError(`The media download answered ${response.status}`, response.status);
    }
    let data: Uint8Array | null;
    try {
      data = await readAtMost(response.body, MEDIA_MAX_BYTES);
    } catch {
      throw new GraphApiError("The media file could not be downloaded", 0);
    }
    if (!data) throw new GraphApiError(`The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`, 413);
    return {
      data,
      contentType: asString(info.mime_type) ?? response.headers.get("content-type") ?? "application/octet-stream",
    };
  }
}

/**
 * A response body read as it arrives, up to `max` bytes: null (and the download stopped) as soon as it
 * passes them, whatever size was declared, so a large file never sits whole in memory.
 */
async function readAtMost(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, length);
}

function toPhoneNumber(json: Json): PhoneNumberInfo {
  return {
    id: String(json.id ?? ""),
    displayPhoneNumber: asString(json.display_phone_number),
    verifiedName: asString(json.verified_name),
    qualityRating: asString(json.quality_rating),
    codeVerificationStatus: asString(json.code_verification_status),
    nameStatus: asString(json.name_status),
    status: asString(json.status),
  };
}

function toMetaTemplate(json: Json): MetaTemplate {
  const reason = asString(json.rejected_reason);
  return {
    id: String(json.id ?? ""),
    name: asString(json.name) ?? "",
    language: asString(json.language) ?? "",
    category: asString(json.category) ?? "UTILITY",
    status: asString(json.status) ?? "PENDING",
    rejectedReason: reason && reason !== "NONE" ? reason : null,
    components: Array.isArray(json.components) ? (json.components as MetaTemplateComponent[]) : [],
  };
}

/** The Graph API for a configured server; null when WhatsApp is not configured. */
export function graphApiFor(config: WhatsappConfig): GraphApi | null {
  if (!config.configured || !config.appId || !config.appSecret) return null;
  return new GraphApi({
    graphUrl: config.graphUrl,
    graphVersion: config.graphVersion,
    appId: config.appId,
    appSecret: config.appSecret,
  });
}
