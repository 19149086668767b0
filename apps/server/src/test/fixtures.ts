import { randomBytes } from "node:crypto";
import { CLIENT_ID_HEADER, COMPANY_ID_HEADER, type CompanyRole, WEB_CLIENT_ID } from "@foreman/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { ensureWebClient, hashPassword, type IssuedToken, issueToken } from "#server/modules/auth/index.ts";
import { type CompanyRow, insertCompany, insertMembership } from "#server/modules/companies/index.ts";
import { insertDepartment, insertEmployees } from "#server/modules/departments/index.ts";

// Test data builders that write through the real repositories. Unique values by default so tests
// in one file never collide.
export const TEST_PASSWORD = "correct horse battery";

const unique = () => randomBytes(4).toString("hex");
let cachedDigest: Promise<string> | undefined;

// argon2 is slow on purpose; the default password is hashed once per file.
function defaultDigest(): Promise<string> {
  cachedDigest ??= hashPassword(TEST_PASSWORD);
  return cachedDigest;
}

export type TestUser = { id: string; email: string; password: string; firstName: string; lastName: string };

export async function createUser(
  db: Db,
  overrides: Partial<Pick<TestUser, "email" | "password" | "firstName" | "lastName">> = {},
): Promise<TestUser> {
  const password = overrides.password ?? TEST_PASSWORD;
  const digest = overrides.password ? await hashPassword(password) : await defaultDigest();
  const values = {
    email: (overrides.email ?? `user-${unique()}@example.com`).toLowerCase(),
    firstName: overrides.firstName ?? "Test",
    lastName: overrides.lastName ?? "User",
  };
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordDigest: digest })
    .returning({ id: users.id });
  return { id: row!.id, password, ...values };
}

export async function createCompany(db: Db, name = `Company ${unique()}`): Promise<CompanyRow> {
  return insertCompany(db, { name });
}

export async function addMember(db: Db, userId: string, companyId: string, role: CompanyRole = "member") {
  await insertMembership(db, { userId, companyId, role });
}

/** A user who owns one new company. */
export async function createMember(db: Db, companyName?: string) {
  const user = await createUser(db);
  const company = await createCompany(db, companyName);
  await addMember(db, user.id, company.id, "owner");
  return { user, company };
}

export async function createDepartment(
  db: Db,
  companyId: string,
  values: { name: string; sortOrder?: number; isActive?: boolean; avatarUrl?: string | null; employees?: number },
) {
  const { employees = 0, ...department } = values;
  const row = await insertDepartment(db, { companyId, sortOrder: 1, isActive: employees > 0, ...department });
  await insertEmployees(
    db,
    Array.from({ length: employees }, (_, i) => ({
      companyId,
      departmentId: row.id,
      name: `Employee ${i + 1}`,
      role: "Agent",
    })),
  );
  return row;
}

/**
 * A token issued straight through the token service (no HTTP, no throttle). `issuedAt` in the past
 * gives an expired token: access tokens live 2 hours.
 */
export async function issueTokenFor(db: Db, userId: string, issuedAt = new Date()): Promise<IssuedToken> {
  const application = await ensureWebClient(db);
  return issueToken(db, { userId, applicationId: application.id, now: issuedAt });
}

/** Signs in through `POST /oauth/token` like the SPA does; returns the token body (snake_case). */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: "POST",
    url: "/oauth/token",
    headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
    payload: { grant_type: "password", username: email, password, client_id: WEB_CLIENT_ID },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string; refresh_token: string; expires_in: number; created_at: number }>();
}

/** Headers the SPA sends: client id, bearer token and, for scoped calls, the company id. */
export function apiHeaders(accessToken?: string, companyId?: string): Record<string, string> {
  const headers: Record<string, string> = { [CLIENT_ID_HEADER]: WEB_CLIENT_ID };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (companyId !== undefined) headers[COMPANY_ID_HEADER] = companyId;
  return headers;
}
