// The telephony module's public face: other modules and app.ts import only what is listed here.

export { SimulatedProvider, simulatedRecordingUrl } from "./simulated-provider.ts";
export { inProcessTransport, telephonyPlugin } from "./telephony.plugin.ts";
export { type PlacedCall, type PurchasedNumber, TelephonyError, type TelephonyProvider } from "./telephony-provider.ts";
export { type FormParams, isTwilioSignatureValid, twilioSignature } from "./twilio-signature.ts";
