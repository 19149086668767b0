import { describe, expect, it } from "vitest";
import { readNumbers } from "./numbers.ts";
import { stem, withinOneEdit, wordsOf } from "./words.ts";

const values = (text: string) =>
  readNumbers(wordsOf(text)).flatMap((token) => (token.value === null ? [] : [token.value]));

describe("readNumbers", () => {
  it("reads digits and number words in English and Spanish", () => {
    expect(values("10 rolls")).toEqual([10]);
    expect(values("twenty five boxes")).toEqual([25]);
    expect(values("twenty-five boxes")).toEqual([25]);
    expect(values("a dozen rolls, half a dozen cases")).toEqual([12, 6]);
    expect(values("una docena de cajas y media docena de sacos")).toEqual([12, 6]);
    expect(values("veinte cajas, treinta y dos kilos, ciento veinte sacos")).toEqual([20, 32, 120]);
    expect(values("3 dozen")).toEqual([36]);
    expect(values("x10 and 5x")).toEqual([10, 5]);
    expect(values("1.000 unidades")).toEqual([1000]);
    expect(values("2.5 kg")).toEqual([2.5]);
  });

  it("leaves pronouns alone: the cheaper one is not a count", () => {
    expect(values("the cheaper one")).toEqual([]);
    expect(values("el otro uno")).toEqual([]);
    expect(values("one case of tape")).toEqual([1]);
  });
});

describe("words", () => {
  it("folds singular and plural to one stem", () => {
    for (const [a, b] of [
      ["boxes", "box"],
      ["cases", "case"],
      ["cajas", "caja"],
      ["bidones", "bidon"],
      ["batteries", "battery"],
      ["azucares", "azucar"],
    ])
      expect(stem(a!)).toBe(stem(b!));
  });

  it("forgives one edit, a swap included", () => {
    expect(withinOneEdit("strech", "stretch")).toBe(true);
    expect(withinOneEdit("wrpa", "wrap")).toBe(true);
    expect(withinOneEdit("harrina", "harina")).toBe(true);
    expect(withinOneEdit("label", "table")).toBe(false);
  });
});
