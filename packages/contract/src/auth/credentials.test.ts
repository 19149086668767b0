import { describe, expect, it } from "vitest";
import { fieldErrors } from "../validation.ts";
import { signUpSchema } from "./credentials.ts";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com ",
  password: "correct horse",
  passwordConfirmation: "correct horse",
  companyName: "Analytical Engines",
};

const errorsOf = (input: unknown) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? [] : fieldErrors(result.error);
};

describe("signUpSchema", () => {
  it("accepts a valid form and normalises the email", () => {
    expect(signUpSchema.parse(valid).email).toBe("ada@example.com");
  });
  it("uses the spec's messages", () => {
    expect(errorsOf({ ...valid, firstName: "  " })).toEqual([{ field: "firstName", message: "Required" }]);
    expect(errorsOf({ ...valid, email: "nope" })).toEqual([{ field: "email", message: "Invalid email address" }]);
    expect(errorsOf({ ...valid, password: "short", passwordConfirmation: "short" })).toEqual([
      { field: "password", message: "Must be at least 8 characters" },
    ]);
    expect(errorsOf({ ...valid, companyName: "x".repeat(101) })).toEqual([
      { field: "companyName", message: "Must be at most 100 characters" },
    ]);
    expect(errorsOf({ ...valid, passwordConfirmation: "different" })).toEqual([
      { field: "passwordConfirmation", message: "Passwords must match" },
    ]);
  });
  it("takes the company's language, English unless told, and refuses any other", () => {
    expect(signUpSchema.parse(valid).companyLanguage).toBe("en");
    expect(signUpSchema.parse({ ...valid, companyLanguage: "es" }).companyLanguage).toBe("es");
    expect(errorsOf({ ...valid, companyLanguage: "fr" })).toEqual([
      { field: "companyLanguage", message: "Must be one of en, es" },
    ]);
  });
  it("reports every missing field as Required", () => {
    expect(errorsOf({}).map((e) => e.message)).toEqual(Array(6).fill("Required"));
  });
});
