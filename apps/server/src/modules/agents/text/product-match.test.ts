import { describe, expect, it } from "vitest";
import { ANDES_CATALOG, NORTHWIND_CATALOG } from "#server/test/agents-setup.ts";
import { rankProducts } from "./product-match.ts";

const northwind = NORTHWIND_CATALOG;
const andes = ANDES_CATALOG;
const top = (query: string, catalog = northwind) => rankProducts(query, catalog).map((hit) => hit.product.sku);

describe("rankProducts", () => {
  it("finds a product by its words, plural or singular, with a typo on longer words", () => {
    expect(top("hi i need 10 rolls of stretch wrap")[0]).toBe("NW-WRAP-18");
    expect(top("10 rolls of strech wrap")[0]).toBe("NW-WRAP-18");
    expect(top("5 cases of tape")[0]).toBe("NW-TAPE-48");
    expect(top("glovs")[0]).toBe("NW-GLV-L");
    expect(top("2 sacos de harrina", andes)[0]).toBe("AC-HAR-25");
    expect(top("3 kilos de cafe", andes)[0]).toBe("AC-CAF-1K");
    expect(top("una caja de te verde", andes)[0]).toBe("AC-TE-100");
  });

  it("weighs the head word: pallets are wooden pallets, pallet jacks are jacks", () => {
    expect(top("10 pallets")[0]).toBe("NW-PAL-01");
    expect(top("2 pallet jacks")[0]).toBe("NW-JACK-25");
  });

  it("reads a unit after a number as a count, a unit alone as a name", () => {
    expect(top("10 boxes of gloves")).toEqual(["NW-GLV-L"]);
    expect(top("i need boxes")[0]).toBe("NW-BOX-12");
    expect(top("5 rolls").sort()).toEqual(["NW-LBL-4X6", "NW-WRAP-18"]);
    expect(top("2 sacos", andes).sort()).toEqual(["AC-AZU-10", "AC-HAR-25"]);
  });

  it("finds a SKU as typed and nothing for what the catalog lacks", () => {
    expect(top("nw-jack-25")).toEqual(["NW-JACK-25"]);
    expect(top("do you sell forklifts")).toEqual([]);
  });
});
