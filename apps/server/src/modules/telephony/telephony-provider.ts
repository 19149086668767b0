import type {
  AvailableNumber,
  AvailableNumbersQuery,
  PhoneCapabilities,
  TelephonyProviderKind,
} from "@foreman/contract";

// The telephony seam: everything Foreman asks of a phone provider. Twilio's REST API (twilio-provider.ts,
// with fetch) in production; the built-in simulated provider (simulated-provider.ts) when no Twilio
// credentials are set, so the product and its tests run offline. Both call the same webhooks
// (/webhooks/twilio/voice/*), signed the same way (X-Twilio-Signature with `authToken`).

export type PurchasedNumber = {
  sid: string;
  phoneNumber: string;
  capabilities: PhoneCapabilities;
  locality: string | null;
};

export type PlacedCall = { sid: string; status: "queued" | "ringing" };

export type TelephonyProvider = {
  readonly kind: TelephonyProviderKind;
  /** The token webhooks are signed with (Twilio's auth token; the simulated provider's own). */
  readonly authToken: string;
  searchAvailable(query: AvailableNumbersQuery): Promise<AvailableNumber[]>;
  /** Buys the number, pointing its voice and status webhooks at us. */
  purchase(input: {
    phoneNumber: string;
    friendlyName: string;
    voiceUrl: string;
    statusCallbackUrl: string;
  }): Promise<PurchasedNumber>;
  release(sid: string): Promise<void>;
  /** An outbound call: the provider fetches `url` for TwiML once the callee answers. */
  placeCall(input: {
    from: string;
    to: string;
    url: string;
    statusCallbackUrl: string;
    record: boolean;
    recordingStatusCallbackUrl: string;
    /** A staff member's test call: the simulated provider waits for typed speech instead of ringing anyone. */
    test: boolean;
  }): Promise<PlacedCall>;
  /** Ends a call: `canceled` while queued or ringing, `completed` once answered. */
  hangup(sid: string, status: "canceled" | "completed"): Promise<void>;
  /**
   * A test call's caller speaking (simulated provider only; Twilio has no such thing, so it is absent):
   * the words reach the call's pending `<Gather>` as its `SpeechResult`, as spoken words would.
   */
  say?: (sid: string, text: string) => Promise<void>;
  /** A recording's audio (Twilio's media needs the account's credentials). */
  fetchRecording(url: string): Promise<{ body: Buffer; contentType: string }>;
};

/**
 * A provider's refusal, with Twilio's error code when it gave one (21422 unavailable, 21421 invalid,
 * 21452 none found, 21210 bad caller id, 21216 blocked): services turn the codes into the contract's
 * messages.
 */
export class TelephonyError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly status: number,
  ) {
    super(message);
    this.name = "TelephonyError";
  }
}
