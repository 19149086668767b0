import { randomBytes } from "node:crypto";
import { TOTP_PERIOD_SECONDS } from "@foreman/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { totpFor } from "#server/modules/auth/two-factor/second-factor.ts";

// Helpers of the two-factor tests: the codes are computed from the secret the server handed out, as an
// authenticator app would.

/** A server key of its own for each test app (the TOTP secret is sealed with it). */
export const twoFactorEnv = () => ({ ENCRYPTION_KEY: randomBytes(32).toString("hex") });

/** The app's code `offsetSteps` 30-second steps from now (+1: the next step, which the server accepts). */
export const codeAt = (secret: string, offsetSteps = 0) =>
  totpFor(secret).generate({ timestamp: Date.now() + offsetSteps * TOTP_PERIOD_SECONDS * 1000 });

/** A code the server cannot accept: ten steps ahead, far outside its ±1 window. */
export const wrongCode = (secret: string) => codeAt(secret, 10);

/**
 * Stands for time moving on: forgets the last step a code was accepted for, so the current step's
 * code is fresh again (tests cannot wait 30 s for the next one).
 */
export async function forgetLastStep(db: Db, userId: string) {
  await db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
}

let lastOctet = 0;
/** A client address of its own for each sign-in, so the per-address limits never interfere. */
export const freshAddress = () => {
  lastOctet++;
  return `10.28.${(lastOctet >> 8) & 255}.${lastOctet & 255}`;
};

/** Turns two-factor on through the API like the profile does; the code that confirmed it is returned too. */
export async function enrol(app: FastifyInstance, headers: Record<string, string>) {
  const setup = await app.inject({ method: "POST", url: "/app/profile/two_factor/setup.json", headers });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enrolmentCode = codeAt(secret);
  const enabled = await app.inject({
    method: "POST",
    url: "/app/profile/two_factor/enable.json",
    headers,
    payload: { code: enrolmentCode },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, enrolmentCode, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}
