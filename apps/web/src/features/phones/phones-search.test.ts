import { describe, expect, it } from "vitest";
import { parsePhonesSearch } from "./phones-search.ts";

describe("parsePhonesSearch", () => {
  it("reads the calls tab, its page and filters", () => {
    expect(parsePhonesSearch({ tab: "calls", page: "3", status: "no_answer", direction: "inbound" })).toEqual({
      tab: "calls",
      page: 3,
      status: "no_answer",
      direction: "inbound",
    });
  });

  it("leaves out the defaults and anything it does not know", () => {
    expect(parsePhonesSearch({ tab: "numbers", page: "1" })).toEqual({
      tab: undefined,
      page: undefined,
      status: undefined,
      direction: undefined,
    });
    expect(parsePhonesSearch({ tab: "billing", page: "-2", status: "ringing?", direction: "sideways" })).toEqual({
      tab: undefined,
      page: undefined,
      status: undefined,
      direction: undefined,
    });
  });
});
