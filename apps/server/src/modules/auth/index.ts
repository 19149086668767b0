// The auth module's public face: other modules and app.ts import only what is listed here.
export { appLink } from "./account-mail.ts";
export { authRoutes } from "./auth.routes.ts";
export { ensureWebClient } from "./oauth-client.repository.ts";
export { hashPassword } from "./password.ts";
export { passwordResetRoutes } from "./password-reset/password-reset.routes.ts";
export { profileRoutes } from "./profile/profile.routes.ts";
export { sessionsRoutes } from "./sessions/sessions.routes.ts";
export { signUpRoutes } from "./sign-up.routes.ts";
export type { JoinByInvitation, JoinedCompany } from "./sign-up.service.ts";
export { type IssuedToken, issueToken } from "./token.service.ts";
export { TokenUserCache } from "./token-user-cache.ts";
export { generateToken, hashToken } from "./tokens.ts";
export { twoFactorRoutes } from "./two-factor/two-factor.routes.ts";
