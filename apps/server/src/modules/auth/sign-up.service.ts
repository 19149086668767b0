import type { CompanyLanguage, FieldError } from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import type { OauthApplication, User } from "#server/db/schema/auth.ts";
import { httpError } from "#server/lib/http-error.ts";
import { orConflict } from "#server/lib/unique-violation.ts";
import { type CompanyRow, insertCompany, insertMembership } from "../companies/index.ts";
import { insertStandardDepartments } from "../departments/index.ts";
import { insertSkillSet, STANDARD_SKILLS } from "../skills/index.ts";
import { hashPassword } from "./password.ts";
import { type IssuedToken, issueToken } from "./token.service.ts";
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

export const SIGN_UP_FAILED = "User could not be created";
export const EMAIL_TAKEN = "Email has already been taken";

export const validationFailed = (details: FieldError[]) => httpError(422, "validation_failed", SIGN_UP_FAILED, details);
const emailTaken = () => validationFailed([{ field: "email", message: EMAIL_TAKEN }]);

async function insertUserWithCompany(tx: Executor, input: NewUserWithCompany, passwordDigest: string) {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(tx, email)) throw emailTaken();
  const user = await insertUser(tx, {
    email,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    passwordDigest,
  });
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

/** `POST /users.json`: user + company + membership + the first token, all or nothing. */
export async function signUp(
  db: Db,
  input: NewUserWithCompany & { application: OauthApplication; now: Date },
): Promise<UserWithCompany & { token: IssuedToken }> {
  // Hash outside the transaction so it holds no locks during the deliberate slowness.
  const digest = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    const created = await insertUserWithCompany(tx, input, digest);
    const token = await issueToken(tx, {
      userId: created.user.id,
      applicationId: input.application.id,
      now: input.now,
    });
    return { ...created, token };
  });
}
