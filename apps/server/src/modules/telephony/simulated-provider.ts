import { createHash, hkdfSync, randomBytes } from "node:crypto";
import { type AvailableNumber, type AvailableNumbersQuery, e164Schema } from "@foreman/contract";
import type { FastifyBaseLogger } from "fastify";
import { CallSimulator, type SimulationTimings, type SimulatorTransport } from "./simulated-calls.ts";
import { MAGIC_VALID, simulatedCandidates, simulatedOffer, simulatedSearch } from "./simulated-inventory.ts";
import { simulatedRecordingWav } from "./simulated-recording.ts";
import type { PlacedCall, PurchasedNumber, TelephonyProvider } from "./telephony-provider.ts";
import { TelephonyError } from "./telephony-provider.ts";
import { MAGIC_CALL_TARGETS, twilioError } from "./twilio-errors.ts";

// The built-in phone provider when no Twilio credentials are set (`npm start`, the demo, the tests):
// numbers from the fictional 555-01xx range, bought and released instantly, and calls played by the
// call simulator (simulated-calls.ts) with the same signed webhooks Twilio sends.

/** Which of these numbers a company holds now (any company): they are not for sale. */
export type NumbersInUse = (e164s: string[]) => Promise<ReadonlySet<string>>;

/** The simulated API's address: a reserved name (.invalid) that no network resolves. */
export const SIMULATED_API_URL = "https://api.simulated-telephony.invalid";
/** The simulated account: fixed, so recordings' addresses outlive a restart. */
export const SIMULATED_ACCOUNT_SID = `AC${createHash("sha256").update("foreman simulated telephony").digest("hex").slice(0, 32)}`;
const RECORDINGS_URL = `${SIMULATED_API_URL}/2010-04-01/Accounts/${SIMULATED_ACCOUNT_SID}/Recordings`;

/** Where a simulated recording is served from (through the provider's fetchRecording). */
export const simulatedRecordingUrl = (recordingSid: string) => `${RECORDINGS_URL}/${recordingSid}`;

/** A generated recording nobody ever made (a restart forgets the lengths): this long. */
const UNKNOWN_RECORDING_SECONDS = 5;

/**
 * The token the simulated provider signs its webhooks with: derived from ENCRYPTION_KEY when there is
 * one (every instance signs alike), else random for this process.
 */
export function simulatedAuthToken(encryptionKey: Buffer | null): string {
  if (!encryptionKey) return randomBytes(16).toString("hex");
  return Buffer.from(hkdfSync("sha256", encryptionKey, "", "foreman simulated telephony v1", 16)).toString("hex");
}

export type SimulatedProviderOptions = {
  authToken: string;
  numbersInUse: NumbersInUse;
  transport: SimulatorTransport;
  log: FastifyBaseLogger;
  timings?: SimulationTimings;
};

export class SimulatedProvider implements TelephonyProvider {
  readonly kind = "simulated" as const;
  readonly authToken: string;
  readonly accountSid = SIMULATED_ACCOUNT_SID;
  readonly simulator: CallSimulator;
  readonly #numbersInUse: NumbersInUse;

  constructor(options: SimulatedProviderOptions) {
    this.authToken = options.authToken;
    this.#numbersInUse = options.numbersInUse;
    this.simulator = new CallSimulator({
      accountSid: this.accountSid,
      authToken: options.authToken,
      recordingBaseUrl: RECORDINGS_URL,
      transport: options.transport,
      log: options.log,
      ...(options.timings ? { timings: options.timings } : {}),
    });
  }

  async searchAvailable(query: AvailableNumbersQuery): Promise<AvailableNumber[]> {
    const candidates = simulatedCandidates(query);
    if (candidates.length === 0) return [];
    return simulatedSearch(query, await this.#numbersInUse(candidates));
  }

  async purchase(input: { phoneNumber: string }): Promise<PurchasedNumber> {
    const offer = simulatedOffer(input.phoneNumber);
    if ("code" in offer) throw twilioError(offer.code);
    if ((await this.#numbersInUse([offer.phoneNumber])).has(offer.phoneNumber)) throw twilioError(21422);
    return {
      sid: `PN${randomBytes(16).toString("hex")}`,
      phoneNumber: offer.phoneNumber,
      capabilities: offer.capabilities,
      locality: offer.locality,
    };
  }

  // Nothing is held at a simulated provider: the number is for sale again once no company holds it.
  async release(_sid: string): Promise<void> {}

  async placeCall(input: Parameters<TelephonyProvider["placeCall"]>[0]): Promise<PlacedCall> {
    if (!e164Schema.safeParse(input.to).success) throw twilioError(21211);
    const magic = MAGIC_CALL_TARGETS[input.to];
    if (magic) throw twilioError(magic);
    // Calls go out from a number the account holds, as at Twilio.
    if (input.from !== MAGIC_VALID && !(await this.#numbersInUse([input.from])).has(input.from))
      throw twilioError(21210);
    return this.simulator.place(input);
  }

  async hangup(sid: string, _status: "canceled" | "completed"): Promise<void> {
    this.simulator.hangup(sid);
  }

  say = (sid: string, text: string): Promise<void> => this.simulator.say(sid, text);

  async fetchRecording(url: string): Promise<{ body: Buffer; contentType: string }> {
    const prefix = `${RECORDINGS_URL}/`;
    const sid = url.startsWith(prefix)
      ? /^(RE[0-9a-f]{32})(\.(wav|mp3))?$/.exec(url.slice(prefix.length))?.[1]
      : undefined;
    if (!sid) throw new TelephonyError("That recording is not on the phone provider's host", null, 400);
    const seconds = this.simulator.recordingSeconds(sid) ?? UNKNOWN_RECORDING_SECONDS;
    return { body: simulatedRecordingWav(seconds), contentType: "audio/wav" };
  }
}
