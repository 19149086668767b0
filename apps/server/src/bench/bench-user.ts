import { CLIENT_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { hashPassword } from "#server/modules/auth/password.ts";

// The one user every benchmark workspace is managed by: written with the workspace, then signed in
// over HTTP as the web app does, so the timed requests carry a real token.

export const BENCH_EMAIL = "bench@example.com";
export const BENCH_PASSWORD = "bench-password";

/** Writes the bench user; answers its id. */
export async function insertBenchUser(db: Db): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: BENCH_EMAIL,
      firstName: "Bench",
      lastName: "User",
      passwordDigest: await hashPassword(BENCH_PASSWORD),
    })
    .returning({ id: users.id });
  return user!.id;
}

/** The bench user's access token from the app at `base` (the password grant the web app uses). */
export async function signInBenchUser(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
    body: JSON.stringify({
      grant_type: "password",
      username: BENCH_EMAIL,
      password: BENCH_PASSWORD,
      client_id: WEB_CLIENT_ID,
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
