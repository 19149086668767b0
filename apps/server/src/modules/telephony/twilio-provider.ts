import {
  type AvailableNumber,
  type AvailableNumbersQuery,
  PHONE_COUNTRIES,
  PHONE_NUMBER_CURRENCY,
  PHONE_NUMBER_MONTHLY_CENTS,
  type PhoneCapabilities,
} from "@foreman/contract";
import { type PlacedCall, type PurchasedNumber, TelephonyError, type TelephonyProvider } from "./telephony-provider.ts";
import { RECORDING_MAX_BYTES, type TwilioCredentials, TwilioRest } from "./twilio-rest.ts";

// The telephony seam on Twilio's REST API (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_API_URL). Twilio
// calls us back on /webhooks/twilio/voice/*, signed with the same auth token.

/** Numbers offered per search, as Twilio's console shows them. */
export const SEARCH_PAGE_SIZE = 20;
/** Twilio's "no such resource". */
const NOT_FOUND = 20404;

type Json = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** Twilio writes capabilities as `voice`/`SMS`/`MMS` on available numbers and lower case on bought ones. */
function capabilitiesOf(value: unknown): PhoneCapabilities {
  const caps = (value && typeof value === "object" ? value : {}) as Json;
  const flag = (...names: string[]) => names.some((name) => caps[name] === true);
  return { voice: flag("voice", "Voice"), sms: flag("sms", "SMS"), mms: flag("mms", "MMS") };
}

function toAvailableNumber(item: Json, countryCode: string): AvailableNumber | null {
  const phoneNumber = text(item.phone_number);
  if (!phoneNumber) return null;
  const requirement = text(item.address_requirements) ?? "none";
  return {
    phoneNumber,
    friendlyName: text(item.friendly_name) ?? phoneNumber,
    locality: text(item.locality),
    region: text(item.region),
    countryCode: text(item.iso_country) ?? countryCode,
    capabilities: capabilitiesOf(item.capabilities),
    monthlyCostCents: PHONE_NUMBER_MONTHLY_CENTS,
    currency: PHONE_NUMBER_CURRENCY,
    addressRequired: requirement !== "none",
  };
}

/**
 * Twilio's `AreaCode` applies to the US and Canada only; elsewhere the area is asked as the digits the
 * number must contain after the dialling code (`Contains=4420`), unless digits were asked already.
 */
function searchParams(query: AvailableNumbersQuery): Record<string, string | undefined> {
  const northAmerica = query.countryCode === "US" || query.countryCode === "CA";
  const dial = PHONE_COUNTRIES.find((country) => country.code === query.countryCode)?.dialCode.slice(1) ?? "";
  const contains =
    query.contains ?? (!northAmerica && query.areaCode ? `${dial}${query.areaCode}`.slice(0, 10) : undefined);
  return {
    AreaCode: northAmerica ? query.areaCode : undefined,
    Contains: contains,
    VoiceEnabled: "true",
    PageSize: String(SEARCH_PAGE_SIZE),
  };
}

export class TwilioProvider implements TelephonyProvider {
  readonly kind = "twilio" as const;
  readonly authToken: string;
  readonly #rest: TwilioRest;

  constructor(credentials: TwilioCredentials) {
    this.authToken = credentials.authToken;
    this.#rest = new TwilioRest(credentials);
  }

  async searchAvailable(query: AvailableNumbersQuery): Promise<AvailableNumber[]> {
    const url = this.#rest.accountUrl(
      `AvailablePhoneNumbers/${encodeURIComponent(query.countryCode)}/Local.json`,
      searchParams(query),
    );
    let json: Json;
    try {
      json = await this.#rest.call("GET", url);
    } catch (error) {
      // A country (or kind of number) Twilio has no inventory for: nothing to offer.
      if (error instanceof TelephonyError && (error.code === NOT_FOUND || error.status === 404)) return [];
      throw error;
    }
    const items = Array.isArray(json.available_phone_numbers) ? (json.available_phone_numbers as Json[]) : [];
    return items
      .slice(0, SEARCH_PAGE_SIZE)
      .map((item) => toAvailableNumber(item, query.countryCode))
      .filter((item) => item !== null);
  }

  async purchase(input: {
    phoneNumber: string;
    friendlyName: string;
    voiceUrl: string;
    statusCallbackUrl: string;
  }): Promise<PurchasedNumber> {
    const json = await this.#rest.call("POST", this.#rest.accountUrl("IncomingPhoneNumbers.json"), {
      PhoneNumber: input.phoneNumber,
      FriendlyName: input.friendlyName,
      VoiceUrl: input.voiceUrl,
      VoiceMethod: "POST",
      StatusCallback: input.statusCallbackUrl,
      StatusCallbackMethod: "POST",
    });
    const sid = text(json.sid);
    if (!sid) throw new TelephonyError("Twilio's answer had no number SID", null, 502);
    return {
      sid,
      phoneNumber: text(json.phone_number) ?? input.phoneNumber,
      capabilities: capabilitiesOf(json.capabilities),
      // A bought number's resource carries no locality (only the search did).
      locality: null,
    };
  }

  async release(sid: string): Promise<void> {
    try {
      await this.#rest.call("DELETE", this.#rest.accountUrl(`IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`));
    } catch (error) {
      // Already released (at Twilio's console, or by an earlier try): the number is gone either way.
      if (error instanceof TelephonyError && (error.code === NOT_FOUND || error.status === 404)) return;
      throw error;
    }
  }

  async placeCall(input: Parameters<TelephonyProvider["placeCall"]>[0]): Promise<PlacedCall> {
    if (input.test) throw new TelephonyError("Test calls are made on the simulated provider only", null, 422);
    const json = await this.#rest.call("POST", this.#rest.accountUrl("Calls.json"), {
      To: input.to,
      From: input.from,
      Url: input.url,
      Method: "POST",
      StatusCallback: input.statusCallbackUrl,
      StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
      StatusCallbackMethod: "POST",
      ...(input.record
        ? {
            Record: "true",
            RecordingStatusCallback: input.recordingStatusCallbackUrl,
            RecordingStatusCallbackMethod: "POST",
          }
        : {}),
    });
    const sid = text(json.sid);
    if (!sid) throw new TelephonyError("Twilio's answer had no call SID", null, 502);
    return { sid, status: json.status === "ringing" ? "ringing" : "queued" };
  }

  async hangup(sid: string, status: "canceled" | "completed"): Promise<void> {
    await this.#rest.call("POST", this.#rest.accountUrl(`Calls/${encodeURIComponent(sid)}.json`), { Status: status });
  }

  async fetchRecording(url: string): Promise<{ body: Buffer; contentType: string }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new TelephonyError("Not a recording address", null, 400);
    }
    // Only Twilio's own host gets the account's credentials; a stored URL naming any other is refused.
    if (parsed.origin !== this.#rest.origin)
      throw new TelephonyError("That recording is not on the phone provider's host", null, 400);
    if (!/\.(mp3|wav)$/i.test(parsed.pathname)) parsed.pathname = `${parsed.pathname}.mp3`;
    return this.#rest.media(parsed, RECORDING_MAX_BYTES);
  }
}
