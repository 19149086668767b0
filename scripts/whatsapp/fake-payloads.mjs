// The webhooks Meta posts for WhatsApp, built as plain objects in Meta's shapes, and their signature.
// Standalone so a test can build one without a running fake; the fake wraps them with its defaults.
import { createHash, createHmac, randomBytes } from "node:crypto";

/** The X-Hub-Signature-256 header Meta sends: HMAC-SHA256 of the raw body with the app secret. */
export function signWebhook(appSecret, rawBody) {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/** A message id in WhatsApp's style (wamid.<base64>). */
export const newWamid = () => `wamid.HBgM${randomBytes(24).toString("base64url")}`;

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

/** The envelope every WhatsApp webhook shares: one entry for the WABA, one change. */
function envelope(wabaId, field, value, withTime = false) {
  const entry = { id: String(wabaId), ...(withTime ? { time: Math.floor(Date.now() / 1000) } : {}) };
  return { object: "whatsapp_business_account", entry: [{ ...entry, changes: [{ field, value }] }] };
}

const metadata = (displayPhoneNumber, phoneNumberId) => ({
  display_phone_number: String(displayPhoneNumber ?? ""),
  phone_number_id: String(phoneNumberId),
});

// A media file's hash in the webhook; Meta's is of the bytes, a stand-in of the id does when none is known.
const stubSha256 = (mediaId) => createHash("sha256").update(String(mediaId)).digest("base64");

/** The type-specific object of an inbound message (text, image, document …). */
function messageContent(fields) {
  const { type, mediaId, mimeType, caption } = fields;
  const sha256 = fields.sha256 ?? stubSha256(mediaId);
  switch (type) {
    case "text":
      return { text: { body: fields.text ?? "" } };
    case "image":
      return { image: { id: mediaId, mime_type: mimeType ?? "image/jpeg", sha256, caption } };
    case "document":
      return {
        document: { id: mediaId, mime_type: mimeType ?? "application/pdf", sha256, filename: fields.fileName, caption },
      };
    case "audio":
      return { audio: { id: mediaId, mime_type: mimeType ?? "audio/ogg; codecs=opus", sha256, voice: false } };
    case "location":
      return { location: { ...fields.location } };
    case "interactive":
      return { interactive: { type: "button_reply", button_reply: fields.buttonReply } };
    case "button":
      return { button: { payload: fields.buttonPayload ?? fields.buttonText, text: fields.buttonText } };
    default:
      throw new Error(`inboundMessage: unsupported type ${type}`);
  }
}

// JSON drops undefined fields; dropping them here too makes the object equal what the server parses.
const withoutUndefined = (value) => JSON.parse(JSON.stringify(value));

/** A customer's message to the business number (field "messages"). */
export function inboundMessage(fields) {
  const { wabaId, phoneNumberId, displayPhoneNumber, from, name, type = "text" } = fields;
  const message = {
    from: String(from),
    id: fields.id ?? newWamid(),
    timestamp: String(fields.timestamp ?? nowSeconds()),
    type,
    ...messageContent({ ...fields, type }),
  };
  return withoutUndefined(
    envelope(wabaId, "messages", {
      messaging_product: "whatsapp",
      metadata: metadata(displayPhoneNumber, phoneNumberId),
      contacts: [{ profile: { name: name ?? "" }, wa_id: String(from) }],
      messages: [message],
    }),
  );
}

/** What became of a message the business sent (field "messages", value.statuses). */
export function statusUpdate(fields) {
  const { wabaId, phoneNumberId, displayPhoneNumber, wamid, status, recipient, errors } = fields;
  const entry = {
    id: wamid,
    status,
    timestamp: String(fields.timestamp ?? nowSeconds()),
    recipient_id: String(recipient),
    ...(errors ? { errors } : {}),
  };
  return withoutUndefined(
    envelope(wabaId, "messages", {
      messaging_product: "whatsapp",
      metadata: metadata(displayPhoneNumber, phoneNumberId),
      statuses: [entry],
    }),
  );
}

/** Meta's review of a template (field "message_template_status_update"); its id is a number here. */
export function templateStatusUpdate({ wabaId, templateId, name, language, event, reason }) {
  return envelope(
    wabaId,
    "message_template_status_update",
    {
      event,
      message_template_id: Number(templateId),
      message_template_name: name,
      message_template_language: language,
      reason: reason ?? "NONE",
    },
    true,
  );
}

/** A change in a number's quality or messaging limit (field "phone_number_quality_update"). */
export function qualityUpdate({ wabaId, displayPhoneNumber, event, currentLimit }) {
  return envelope(
    wabaId,
    "phone_number_quality_update",
    { display_phone_number: String(displayPhoneNumber), event, current_limit: currentLimit ?? "TIER_1K" },
    true,
  );
}
