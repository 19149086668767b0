import { CLIENT_ID_HEADER, messages, PASSWORD_TOO_PREDICTABLE, WEB_CLIENT_ID } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { rows } from "#server/test/sales-setup.ts";
import { COMMON_PASSWORDS, isCommonPassword, newPasswordErrors, newPasswordProblem } from "./password-policy.ts";

describe("the server's password policy", () => {
  it("holds about three hundred common passwords, all lower case", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(280);
    for (const password of COMMON_PASSWORDS) expect(password).toBe(password.toLowerCase());
  });

  it("refuses a common password in any case, bare or with digits or ! tacked on the end", () => {
    for (const password of ["password", "PASSWORD", "12345678", "qwerty123", "iloveyou", "Football", "letmein"])
      expect(isCommonPassword(password), password).toBe(true);
    for (const password of ["Password1", "password123!", "Monkey2024", "sunshine!!", "Dragon99"])
      expect(isCommonPassword(password), password).toBe(true);
    expect(newPasswordProblem("Sunshine2024!")).toBe(PASSWORD_TOO_PREDICTABLE);
  });

  it("accepts phrases that merely contain a common word", () => {
    for (const password of ["correct horse battery", "a long enough password", "monkey business plan", "9dragons-fly"])
      expect(isCommonPassword(password), password).toBe(false);
    expect(newPasswordProblem("correct horse battery")).toBeNull();
  });

  it("refuses a password made from the user's email or name (4 characters or more)", () => {
    const owner = { email: "grace.hopper@navy.example", firstName: "Grace", lastName: "Hopper" };
    expect(newPasswordProblem("grace.hopper-1906", owner)).toBe(PASSWORD_TOO_PREDICTABLE);
    expect(newPasswordProblem("i am HOPPER the admiral", owner)).toBe(PASSWORD_TOO_PREDICTABLE);
    expect(newPasswordProblem("amazing grace notes", owner)).toBe(PASSWORD_TOO_PREDICTABLE);
    // Short names are not held against anyone: "Al" is in many words.
    expect(
      newPasswordProblem("totally unrelated words", { email: "al@x.example", firstName: "Al", lastName: "Li" }),
    ).toBeNull();
    expect(newPasswordProblem("cobol compiler nights", owner)).toBeNull();
  });

  it("applies the contract's rules first, with their messages", () => {
    expect(newPasswordProblem("")).toBe(messages.required);
    expect(newPasswordProblem("short")).toBe(messages.minLength(8));
    expect(newPasswordProblem("x".repeat(129))).toBe(messages.maxLength(128));
    expect(newPasswordProblem("abcdefghij")).toBe(PASSWORD_TOO_PREDICTABLE);
  });

  it("answers as field errors for a form", () => {
    expect(newPasswordErrors("password1")).toEqual([{ field: "password", message: PASSWORD_TOO_PREDICTABLE }]);
    expect(newPasswordErrors("correct horse battery")).toEqual([]);
  });
});

describe("the policy at sign-up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a common password, or one made from the user's name, at the password field and writes nothing", async () => {
    const user = {
      firstName: "Hedy",
      lastName: "Lamarr",
      email: "hedy@example.com",
      companyName: "Frequency Hopping",
    };
    for (const password of ["Iloveyou2024!", "lamarr-forever"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/users.json",
        headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
        payload: { user: { ...user, password, passwordConfirmation: password } },
      });
      expect(response.statusCode, password).toBe(422);
      expect(response.json().details).toEqual([{ field: "password", message: PASSWORD_TOO_PREDICTABLE }]);
    }
    expect(await rows(t.db, sql`select 1 from users where email = 'hedy@example.com'`)).toEqual([]);
  });
});
