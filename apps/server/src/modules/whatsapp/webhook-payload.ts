import { type DeliveryStatus, isDeliveryStatus, whatsappIdentity } from "@foreman/contract";

// Meta's webhook bodies, read leniently: anything unexpected in one item skips that item, never the
// delivery (Meta would retry the whole body for days).

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | null =>
  typeof value === "string" && value.length > 0 ? value : typeof value === "number" ? String(value) : null;

export type InboundKind =
  | "text"
  | "image"
  | "document"
  | "audio"
  | "video"
  | "sticker"
  | "location"
  | "button"
  | "interactive"
  | "other";

export type InboundItem = {
  wamid: string;
  /** The sender's WhatsApp number, verified by Meta: "+" and its digits. */
  from: string;
  name: string | null;
  kind: InboundKind;
  /** What staff and the AI employee read. */
  content: string;
  media: { id: string; mimeType: string | null; fileName: string | null } | null;
};

export type StatusItem = {
  wamid: string;
  status: DeliveryStatus;
  errorCode: number | null;
  error: string | null;
};

export type WebhookChange =
  | { field: "messages"; phoneNumberId: string; messages: InboundItem[]; statuses: StatusItem[] }
  | { field: "template_status"; wabaId: string; metaTemplateId: string; event: string; reason: string | null }
  | { field: "quality"; wabaId: string; displayPhoneNumber: string | null; event: string }
  | { field: "other"; wabaId: string | null; name: string };

/** The changes in one delivery, in order; null when the body is not a WhatsApp Business Account webhook. */
export function readWebhook(body: unknown): WebhookChange[] | null {
  const root = obj(body);
  if (root.object !== "whatsapp_business_account") return null;
  const changes: WebhookChange[] = [];
  for (const entry of list(root.entry)) {
    const wabaId = str(obj(entry).id);
    for (const raw of list(obj(entry).changes)) {
      const change = obj(raw);
      const value = obj(change.value);
      const field = str(change.field) ?? "";
      if (field === "messages") {
        const phoneNumberId = str(obj(value.metadata).phone_number_id);
        if (!phoneNumberId) continue;
        const names = new Map<string, string>();
        for (const contact of list(value.contacts)) {
          const waId = str(obj(contact).wa_id);
          const name = str(obj(obj(contact).profile).name);
          if (waId && name) names.set(waId, name);
        }
        changes.push({
          field: "messages",
          phoneNumberId,
          messages: list(value.messages).flatMap((message) => readMessage(obj(message), names) ?? []),
          statuses: list(value.statuses).flatMap((status) => readStatus(obj(status)) ?? []),
        });
      } else if (field === "message_template_status_update" && wabaId) {
        const metaTemplateId = str(value.message_template_id);
        const event = str(value.event);
        if (metaTemplateId && event)
          changes.push({ field: "template_status", wabaId, metaTemplateId, event, reason: readReason(value) });
      } else if (field === "phone_number_quality_update" && wabaId) {
        changes.push({
          field: "quality",
          wabaId,
          displayPhoneNumber: str(value.display_phone_number),
          event: str(value.event) ?? "",
        });
      } else {
        changes.push({ field: "other", wabaId, name: field });
      }
    }
  }
  return changes;
}

function readReason(value: Json): string | null {
  const reason = str(value.reason);
  const info = str(obj(value.rejection_info).reason) ?? str(obj(value.disable_info).disable_reason);
  const text = [reason && reason !== "NONE" ? reason : null, info].filter(Boolean).join(": ");
  return text || null;
}

const MEDIA_KINDS = new Set(["image", "document", "audio", "video", "sticker"]);
const MEDIA_LABELS: Record<string, string> = {
  image: "📷 Photo",
  document: "📄 Document",
  audio: "🎤 Voice message",
  video: "🎬 Video",
  sticker: "Sticker",
};

function readMessage(message: Json, names: Map<string, string>): InboundItem | null {
  const wamid = str(message.id);
  const waId = str(message.from);
  // The sender as the number Meta verified ("+" and digits); anything else is not a customer we can know.
  const from = waId ? whatsappIdentity(waId) : null;
  const type = str(message.type) ?? "unknown";
  if (!wamid || !waId || !from) return null;
  const base = { wamid, from, name: names.get(waId) ?? null, media: null };
  if (type === "text") {
    const body = str(obj(message.text).body);
    return body ? { ...base, kind: "text", content: body } : null;
  }
  if (MEDIA_KINDS.has(type)) {
    const media = obj(message[type]);
    const id = str(media.id);
    const fileName = str(media.filename);
    const caption = str(media.caption);
    const label = type === "document" && fileName ? `📄 ${fileName}` : MEDIA_LABELS[type]!;
    return {
      ...base,
      kind: type as InboundKind,
      content: caption ? `${label}: ${caption}` : label,
      media: id ? { id, mimeType: str(media.mime_type), fileName } : null,
    };
  }
  if (type === "location") {
    const location = obj(message.location);
    const place = [str(location.name), str(location.address)].filter(Boolean).join(", ");
    const coordinates = `${location.latitude}, ${location.longitude}`;
    return { ...base, kind: "location", content: `📍 ${place ? `${place} (${coordinates})` : coordinates}` };
  }
  if (type === "button") {
    const text = str(obj(message.button).text) ?? str(obj(message.button).payload);
    return text ? { ...base, kind: "button", content: text } : null;
  }
  if (type === "interactive") {
    const interactive = obj(message.interactive);
    const reply = obj(interactive.button_reply ?? interactive.list_reply);
    const text = str(reply.title) ?? str(reply.id);
    return text ? { ...base, kind: "interactive", content: text } : null;
  }
  // Reactions, orders, contacts, system notices…: kept so staff see something arrived.
  if (type === "reaction") return null;
  return { ...base, kind: "other", content: `[${type} message: open WhatsApp to see it]` };
}

function readStatus(status: Json): StatusItem | null {
  const wamid = str(status.id);
  const value = str(status.status);
  if (!wamid || !isDeliveryStatus(value) || value === "pending") return null;
  const error = obj(list(status.errors)[0]);
  const code = typeof error.code === "number" ? error.code : null;
  const text = str(obj(error.error_data).details) ?? str(error.message) ?? str(error.title);
  return { wamid, status: value, errorCode: value === "failed" ? code : null, error: value === "failed" ? text : null };
}
