import { describe, expect, it } from "vitest";
import { clientNetworkOf, fastifyTrustProxy } from "./client-network.ts";

describe("clientNetworkOf", () => {
  it("keeps an IPv4 address as it is, and unwraps an IPv4-mapped one", () => {
    expect(clientNetworkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetworkOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("reduces an IPv6 address to its /64, however it is written", () => {
    expect(clientNetworkOf("2001:db8:1:2::abcd")).toBe("2001:db8:1:2::");
    expect(clientNetworkOf("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::");
    expect(clientNetworkOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::");
  });
});

describe("fastifyTrustProxy", () => {
  it("passes false, true and lists through, and turns a hop count into a trust function", () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(["10.0.0.1"])).toEqual(["10.0.0.1"]);
    const twoHops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops("10.0.0.1", hop))).toEqual([true, true, false]);
  });
});
