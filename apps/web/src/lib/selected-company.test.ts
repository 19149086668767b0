import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  clearSelectedCompany,
  getSelectedCompany,
  setSelectedCompany,
  useSelectedCompany,
} from "./selected-company.ts";

describe("selected company store", () => {
  it("saves, reads and clears the company under `selectedCompany`", () => {
    expect(getSelectedCompany()).toBeNull();
    setSelectedCompany({ id: "c1", name: "Northwind Supply", logoSmallUrl: null });
    expect(JSON.parse(localStorage.getItem("selectedCompany") ?? "null")).toEqual({
      id: "c1",
      name: "Northwind Supply",
      logoSmallUrl: null,
    });
    expect(getSelectedCompany()).toEqual({ id: "c1", name: "Northwind Supply", logoSmallUrl: null });
    clearSelectedCompany();
    expect(localStorage.getItem("selectedCompany")).toBeNull();
    expect(getSelectedCompany()).toBeNull();
  });

  it.each(["not json", "{}", '{"id":""}', '"c1"'])("discards and removes unparseable data: %s", (raw) => {
    localStorage.setItem("selectedCompany", raw);
    expect(getSelectedCompany()).toBeNull();
    expect(localStorage.getItem("selectedCompany")).toBeNull();
  });

  it("re-renders subscribers when the selection changes", () => {
    const { result } = renderHook(() => useSelectedCompany());
    expect(result.current).toBeNull();
    act(() => setSelectedCompany({ id: "c2", name: "Andes Comercial" }));
    expect(result.current).toEqual({ id: "c2", name: "Andes Comercial" });
    act(() => clearSelectedCompany());
    expect(result.current).toBeNull();
  });

  it("follows changes made in another tab", () => {
    const { result } = renderHook(() => useSelectedCompany());
    act(() => {
      localStorage.setItem("selectedCompany", JSON.stringify({ id: "c3" }));
      window.dispatchEvent(new StorageEvent("storage", { key: "selectedCompany" }));
    });
    expect(result.current).toEqual({ id: "c3" });
  });
});
