import { describe, expect, it } from "vitest";
import { parseStoredCompany, reconcileSelectedCompany } from "./selected-company.ts";

describe("parseStoredCompany", () => {
  it("reads a stored company", () => {
    expect(parseStoredCompany('{"id":"c1","name":"Acme"}')).toEqual({ id: "c1", name: "Acme" });
  });
  it.each([null, "", "not json", "{}", '{"id":""}', "[1]", '"c1"'])("discards %s", (raw) => {
    expect(parseStoredCompany(raw)).toBeNull();
  });
});

describe("reconcileSelectedCompany", () => {
  const managed = [{ id: "a" }, { id: "b" }];
  it("keeps a selection that is in the managed list", () => {
    expect(reconcileSelectedCompany({ id: "b" }, managed)).toEqual({ id: "b" });
  });
  it("selects the first managed company when the selection is missing from the list", () => {
    expect(reconcileSelectedCompany({ id: "zzz" }, managed)).toEqual({ id: "a" });
    expect(reconcileSelectedCompany(null, managed)).toEqual({ id: "a" });
  });
  it("clears the selection when the list is empty", () => {
    expect(reconcileSelectedCompany({ id: "a" }, [])).toBeNull();
  });
});
