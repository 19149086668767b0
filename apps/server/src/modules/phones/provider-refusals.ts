import {
  NO_NUMBERS_FOUND,
  NUMBER_ADDRESS_REQUIRED,
  NUMBER_INVALID,
  NUMBER_UNAVAILABLE,
  TELEPHONY_UNREACHABLE,
} from "@foreman/contract";
import { type HttpError, httpError } from "#server/lib/http-error.ts";
import { TelephonyError } from "../telephony/index.ts";

// The phone provider's refusals as the answers people read: Twilio's codes (the simulated provider
// uses the same) become the contract's messages; a provider that did not answer is a 502.

const BY_CODE: Record<number, () => HttpError> = {
  21422: () => httpError(409, "number_unavailable", NUMBER_UNAVAILABLE),
  21421: () => httpError(422, "number_invalid", NUMBER_INVALID),
  21452: () => httpError(404, "no_numbers_found", NO_NUMBERS_FOUND),
  21615: () => httpError(422, "number_address_required", NUMBER_ADDRESS_REQUIRED),
  20003: () =>
    httpError(
      502,
      "telephony_refused",
      "The phone provider refused our credentials: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN",
    ),
};

/** Any error from the provider as the answer to give; other errors as they are. */
export function providerRefusal(error: unknown): unknown {
  if (!(error instanceof TelephonyError)) return error;
  const known = error.code === null ? undefined : BY_CODE[error.code];
  if (known) return known();
  if (error.code === null || error.status >= 500) return httpError(502, "telephony_unreachable", TELEPHONY_UNREACHABLE);
  return httpError(502, "telephony_refused", `The phone provider refused: ${error.message}`);
}

/** Runs a provider call; its refusal becomes the answer to give. */
export async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerRefusal(error);
  }
}
