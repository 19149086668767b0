import { z } from "zod";
import { messages } from "../validation.ts";

// Two-factor sign-in with a TOTP app (RFC 6238: 6 digits, 30 s, ±1 step) and single-use recovery codes.

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the sign-in's second step may wait for its code. */
export const MFA_TOKEN_TTL_SECONDS = 300;

/**
 * The extension grant (RFC 6749 §4.5) that completes a two-factor sign-in: `mfa_token` from the
 * password grant's `mfa_required` answer, with `otp` (the app's code) or `recovery_code`.
 */
export const MFA_OTP_GRANT_TYPE = "urn:foreman:params:oauth:grant-type:mfa-otp";

/** The password grant's 400 for a two-factor user without a code: the sign-in page asks for one. */
export const mfaRequiredSchema = z.object({
  error: z.literal("mfa_required"),
  errorDescription: z.string(),
  mfaToken: z.string(),
  mfaTokenExpiresIn: z.number().int(),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

export const INVALID_TWO_FACTOR_CODE = "That code is not right. Check your authenticator app and try again.";
export const TWO_FACTOR_NOT_ENABLED = "Two-factor sign-in is not on for this account";

/** A code as typed: spaces and dashes are ignored (recovery codes are shown grouped). */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/** A 6-digit code from the app or a recovery code, as a form takes it. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(64, { error: messages.maxLength(64) }),
});
export type TwoFactorCodeForm = z.infer<typeof twoFactorCodeSchema>;

/** `GET /app/profile/two_factor.json`. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The companies of the user that require two-factor sign-in (by name). */
  requiredBy: z.array(z.string()),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /app/profile/two_factor/setup.json`: a new secret to confirm with a code (not on until then). */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG image (a data: URL). */
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /app/profile/two_factor/enable.json` and `…/recovery_codes.json`: shown once, never again. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
