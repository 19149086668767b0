import type { CompanyLanguage, FieldError } from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import type { OauthApplication, User } from "#server/db/schema/auth.ts";
import { httpError } from "#server/lib/http-error.ts";
import { orConflict } from "#server/lib/unique-violation.ts";
import { type CompanyRow, insertCompany, insertMembership } from "../companies/index.ts";
import { insertStandardDepartments } from "../departments/index.ts";
import { insertSkillSet, STANDARD_SKILLS } from "../skills/index.ts";
import { hashPassword } from "./password.ts";
import { type IssuedToken, issueToken, type SignInClient } from "./token.service.ts";
import { findUserByEmail, insertUser } from "./users.repository.ts";

export type NewUserWithCompany = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName: string;
  /** English unless told: names the company's departments and standard skills. */
  companyLanguage?: CompanyLanguage;
};

export type UserWithCompany = { user: User; company: CompanyRow };

/** Sign-up from an invitation link: no company of its own. */
export type NewInvitedUser = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  invitationToken: string;
};

/** The company an invitation joined: what the sign-up answers. */
export type JoinedCompany = Pick<CompanyRow, "id" | "name" | "logoSmallUrl">;

/**
 * Joins a just-created user to the company whose invitation link they signed up from, in the sign-up's
 * transaction: the company, or the field to refuse (a dead token, another email). The team module's,
 * handed over by app.ts, so auth does not depend on team.
 */
export type JoinByInvitation = (
  tx: Executor,
  input: { token: string; email: string; userId: string; now: Date },
) => Promise<{ company: JoinedCompany } | { problem: FieldError }>;

export const SIGN_UP_FAILED = "User could not be created";
export const EMAIL_TAKEN = "Email has already been taken";

export const validationFailed = (details: FieldError[]) => httpError(422, "validation_failed", SIGN_UP_FAILED, details);
const emailTaken = () => validationFailed([{ field: "email", message: EMAIL_TAKEN }]);

async function insertNewUser(
  tx: Executor,
  input: Pick<NewUserWithCompany, "email" | "firstName" | "lastName">,
  passwordDigest: string,
) {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(tx, email)) throw emailTaken();
  return insertUser(tx, { email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordDigest });
}

async function insertUserWithCompany(tx: Executor, input: NewUserWithCompany, passwordDigest: string) {
  const user = await insertNewUser(tx, input, passwordDigest);
  const language = input.companyLanguage ?? "en";
  const company = await insertCompany(tx, { name: input.companyName.trim(), language });
  await insertMembership(tx, { userId: user.id, companyId: company.id, role: "owner" });
  // A new company is born complete: the five departments to hire into and the standard skills to give
  // its first hires their tools, both in its language.
  await insertStandardDepartments(tx, company.id, language);
  await insertSkillSet(tx, company.id, STANDARD_SKILLS[language]);
  return { user, company };
}

// Two sign-ups racing for one email: the unique index refuses the second, answered like a taken email.
const inTransaction = <T>(db: Db, work: (tx: Executor) => Promise<T>) =>
  orConflict(() => db.transaction(work), emailTaken);

/**
 * Creates a user, a company (with its departments and standard skills) and the user's owner membership
 * in one transaction. A taken email (any case) throws a 422 and writes nothing.
 */
export async function createUserWithCompany(db: Db, input: NewUserWithCompany): Promise<UserWithCompany> {
  const digest = await hashPassword(input.password);
  return inTransaction(db, (tx) => insertUserWithCompany(tx, input, digest));
}

/** The client signing up, and from where (the first session's, in the profile's list of sessions). */
type SignUpRequest = { application: OauthApplication; now: Date; client?: SignInClient };

/** `POST /users.json`: user + company + membership + the first token, all or nothing. */
export async function signUp(
  db: Db,
  input: NewUserWithCompany & SignUpRequest,
): Promise<UserWithCompany & { token: IssuedToken }> {
  // Hash outside the transaction so it holds no locks during the deliberate slowness.
  const digest = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    const created = await insertUserWithCompany(tx, input, digest);
    const token = await issueToken(tx, {
      userId: created.user.id,
      applicationId: input.application.id,
      now: input.now,
      client: input.client,
    });
    return { ...created, token };
  });
}

/**
 * `POST /users.json` with an invitation token: the user, their membership of the inviting company (the
 * invitation claimed) and the first token, all or nothing. No company is made.
 */
export async function signUpByInvitation(
  db: Db,
  input: NewInvitedUser & SignUpRequest,
  join: JoinByInvitation,
): Promise<{ user: User; company: JoinedCompany; token: IssuedToken }> {
  const digest = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    const user = await insertNewUser(tx, input, digest);
    const joined = await join(tx, { token: input.invitationToken, email: user.email, userId: user.id, now: input.now });
    // Thrown inside the transaction: the user just inserted is rolled back with it.
    if ("problem" in joined) throw validationFailed([joined.problem]);
    const token = await issueToken(tx, {
      userId: user.id,
      applicationId: input.application.id,
      now: input.now,
      client: input.client,
    });
    return { user, company: joined.company, token };
  });
}
