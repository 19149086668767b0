// How a two-factor code is typed, wherever one is asked for (the sign-in's second step, the profile's
// two-factor dialogs): six digits from the app, or a recovery code (4 groups of 6, as the server makes them).

export type CodeKind = "app" | "recovery";

/** The input's hints: the phone's keyboard, the password manager's autofill, the length and look. */
export function codeInputProps(kind: CodeKind) {
  const app = kind === "app";
  return {
    inputMode: app ? "numeric" : "text",
    autoComplete: app ? "one-time-code" : "off",
    autoCapitalize: "none",
    spellCheck: false,
    maxLength: app ? 9 : 64,
    placeholder: app ? "123456" : "xxxxxx-xxxxxx-xxxxxx-xxxxxx",
  } as const;
}

export const CODE_LABELS: Record<CodeKind, string> = { app: "Authentication code", recovery: "Recovery code" };

/** The link that switches to the other kind. */
export const SWITCH_CODE_KIND: Record<CodeKind, string> = {
  app: "Use a recovery code instead",
  recovery: "Use the code from your app instead",
};
