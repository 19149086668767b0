import { describe, expect, it } from "vitest";
import { ANDES_CATALOG, NORTHWIND_CATALOG } from "#server/test/agents-setup.ts";
import { readLines } from "./order-lines.ts";

// What a message names and how many, read against the demo catalogs.

const lines = (text: string, catalog = NORTHWIND_CATALOG) =>
  readLines(text, catalog).mentions.map((m) => ({
    skus: m.candidates.map((p) => p.sku),
    quantity: m.quantity,
    ...(m.removed ? { removed: true } : {}),
    ...(m.otherThing ? { other: m.otherThing } : {}),
  }));

describe("readLines", () => {
  it("pairs each product with its count, with or without punctuation", () => {
    expect(lines("need 10 rolls of stretch wrap 4 cases of packing tape and 2 boxes of nitrile gloves thanks")).toEqual(
      [
        { skus: ["NW-WRAP-18"], quantity: 10 },
        { skus: ["NW-TAPE-48"], quantity: 4 },
        { skus: ["NW-GLV-L"], quantity: 2 },
      ],
    );
    expect(lines("stretch wrap x10")).toEqual([{ skus: ["NW-WRAP-18"], quantity: 10 }]);
    expect(lines("2 sacos de harina y una docena de cajas de palta", ANDES_CATALOG)).toEqual([
      { skus: ["AC-HAR-25"], quantity: 2 },
      { skus: ["AC-PAL-01"], quantity: 12 },
    ]);
  });

  it("reads a size as part of the name, not as a count", () => {
    expect(lines("10 sacos de azucar 10 kg", ANDES_CATALOG)).toEqual([{ skus: ["AC-AZU-10"], quantity: 10 }]);
    expect(lines("2 pallet jacks 2500 kg")).toEqual([{ skus: ["NW-JACK-25"], quantity: 2 }]);
  });

  it("never counts money: the catalog prices the order", () => {
    expect(lines("I want to buy 50 wooden pallets at $1 each")).toEqual([{ skus: ["NW-PAL-01"], quantity: 50 }]);
  });

  it("marks what is removed and what is another thing than ours", () => {
    expect(lines("no tape")).toEqual([{ skus: ["NW-TAPE-48"], quantity: null, removed: true }]);
    expect(lines("remove the tape and the gloves")).toEqual([
      { skus: ["NW-TAPE-48"], quantity: null, removed: true },
      { skus: ["NW-GLV-L"], quantity: null, removed: true },
    ]);
    expect(lines("50 rolls of bubble wrap")).toEqual([{ skus: ["NW-WRAP-18"], quantity: 50, other: "bubble wrap" }]);
    expect(readLines("5 ladders", NORTHWIND_CATALOG).unknown).toEqual(["ladders"]);
  });

  it("keeps products that fit the same words as a choice", () => {
    expect(lines("2 sacos", ANDES_CATALOG)).toEqual([]);
    expect(readLines("2 sacos", ANDES_CATALOG).loose).toEqual([{ quantity: 2, unit: "sack", more: false }]);
  });

  it("does not take a pronoun for a product", () => {
    expect(lines("y si te pido un 8%", ANDES_CATALOG)).toEqual([]);
    expect(lines("1 caja de te verde", ANDES_CATALOG)).toEqual([{ skus: ["AC-TE-100"], quantity: 1 }]);
  });
});
