import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { meQueryKey } from "#web/lib/me.ts";

// Two-factor sign-in as its owner manages it from the profile: whether it is on, turning it on with an
// authenticator app, turning it off and new recovery codes. The user's own account: no company header.

const BASE = "/app/profile/two_factor";

const twoFactorKeys = {
  status: ["two-factor"] as const,
  setup: ["two-factor", "setup"] as const,
};

/** `GET /app/profile/two_factor.json`. */
export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => apiRequest<TwoFactorStatus>(`${BASE}.json`, { signal }),
  });
}

/**
 * `POST /app/profile/two_factor/setup.json`: a new secret and its QR code, not on until a code confirms
 * it. 409 when it is on already; `two_factor_unavailable` when the server cannot keep secrets.
 */
function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiRequest<TwoFactorSetup>(`${BASE}/setup.json`, { method: "POST" });
}

/**
 * The setup as the turn-on dialog holds it while open. Each call makes a new secret and the server
 * keeps only the last, so it is asked once per opening (a query dedupes React's double effects), never
 * again by itself, and forgotten once the dialog closes.
 */
export function twoFactorSetupQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.setup,
    queryFn: startTwoFactorSetup,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** `POST …/enable.json`: a code from the app turns it on; answers the recovery codes, shown once. */
export function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>(`${BASE}/enable.json`, { method: "POST", body: { code } });
}

/** `POST …/disable.json`: needs a fresh code (from the app, or a recovery code). */
export function disableTwoFactor(code: string): Promise<void> {
  return apiRequest<void>(`${BASE}/disable.json`, { method: "POST", body: { code } });
}

/** `POST …/recovery_codes.json`: a fresh code replaces every recovery code with 10 new ones. */
export function regenerateRecoveryCodes(code: string): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>(`${BASE}/recovery_codes.json`, { method: "POST", body: { code } });
}

/** After a change: the card's status, and the user (the company gate lifts or falls with it). */
export const invalidateTwoFactor = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: twoFactorKeys.status, exact: true }),
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
  ]);
