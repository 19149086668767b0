import type { Me } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { getSelectedCompany, setSelectedCompany } from "#web/lib/selected-company.ts";
import { reconcileCompanySelection } from "./api.ts";

const northwind = {
  id: "nw",
  name: "Northwind Supply",
  logoSmallUrl: null,
  role: "owner" as const,
  membersMayApprove: false,
  language: "en" as const,
  requireTwoFactor: false,
  timeZone: "UTC",
  currency: "USD",
};
const andes = {
  id: "an",
  name: "Andes Comercial",
  logoSmallUrl: null,
  role: "member" as const,
  membersMayApprove: false,
  language: "en" as const,
  requireTwoFactor: false,
  timeZone: "UTC",
  currency: "USD",
};
const me = (managedCompanies: Me["managedCompanies"]): Me => ({
  id: "u1",
  email: "demo@example.com",
  firstName: "Demo",
  lastName: "Manager",
  twoFactorEnabled: false,
  company: managedCompanies[0] ?? null,
  managedCompanies,
});

describe("reconcileCompanySelection", () => {
  it("keeps a stored company the user still manages", () => {
    setSelectedCompany(northwind);
    expect(reconcileCompanySelection(me([andes, northwind]))).toEqual(northwind);
    expect(getSelectedCompany()).toEqual(northwind);
  });

  it("selects and saves the first managed company when the stored one is not in the list", () => {
    setSelectedCompany({ id: "someone-elses" });
    expect(reconcileCompanySelection(me([andes, northwind]))).toEqual(andes);
    expect(getSelectedCompany()).toEqual(andes);
  });

  it("selects the first managed company when nothing (or garbage) is stored", () => {
    localStorage.setItem("selectedCompany", "{broken");
    expect(reconcileCompanySelection(me([northwind]))).toEqual(northwind);
    expect(getSelectedCompany()).toEqual(northwind);
  });

  it("clears the selection when the user manages no company", () => {
    setSelectedCompany(northwind);
    expect(reconcileCompanySelection(me([]))).toBeNull();
    expect(localStorage.getItem("selectedCompany")).toBeNull();
  });
});
