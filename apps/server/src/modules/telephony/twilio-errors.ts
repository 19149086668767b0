import { TelephonyError } from "./telephony-provider.ts";

// Twilio's error codes the product meets, with Twilio's own wording: the simulated provider and the
// tests' fake Twilio refuse with these, so every provider fails the same way.

export const TWILIO_ERRORS = {
  /** Authentication failed. */
  20003: "Authenticate",
  20404: "The requested resource was not found",
  21210: "The source phone number provided is not yet verified for your account",
  21211: "Invalid 'To' Phone Number",
  21214: "'To' phone number cannot be reached",
  21215: "Account not authorized to call this number",
  21216: "Account not allowed to call this number",
  21217: "Phone number does not appear to be valid",
  21421: "PhoneNumber is invalid",
  21422: "PhoneNumber is not available",
  21452: "No phone numbers found",
  21615: "Phone Number Requires an Address",
} as const;
export type TwilioErrorCode = keyof typeof TWILIO_ERRORS;

/** Twilio's magic `To` numbers for a call and the error each answers (its test credentials' set). */
export const MAGIC_CALL_TARGETS: Record<string, TwilioErrorCode> = {
  "+15005550001": 21217,
  "+15005550002": 21214,
  "+15005550003": 21215,
  "+15005550004": 21216,
};

/** The body Twilio answers an error with. */
export function twilioErrorBody(code: TwilioErrorCode, status = 400) {
  return { code, message: TWILIO_ERRORS[code], more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

export const twilioError = (code: TwilioErrorCode, status = 400) =>
  new TelephonyError(TWILIO_ERRORS[code], code, status);
