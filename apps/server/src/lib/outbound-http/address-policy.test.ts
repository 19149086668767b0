import { describe, expect, it } from "vitest";
import { refusedAddress } from "./address-policy.ts";
import { formatIp, parseIpLiteral } from "./ip-address.ts";

// Every class of address a tenant's URL must not reach, in the spellings an attacker would try.

describe("IP literals", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["2130706433", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["0X7F.0.0.1", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0177.0.0.01", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["10.1", "10.0.0.1"],
    ["0", "0.0.0.0"],
    ["::ffff:127.0.0.1", "0:0:0:0:0:ffff:7f00:1"],
    ["[::1]", "0:0:0:0:0:0:0:1"],
    ["fe80::1%eth0", "fe80:0:0:0:0:0:0:1"],
  ])("reads %s as %s, as the operating system would", (text, expected) => {
    const ip = parseIpLiteral(text);
    expect(ip && formatIp(ip)).toBe(expected);
  });

  it.each(["example.com", "1.2.3.4.nip.io", "256.0.0.1", "08.0.0.1", "1.2.3.4.5", "0x100000000", ""])(
    "does not take %s for an address",
    (text) => {
      expect(parseIpLiteral(text)).toBeNull();
    },
  );
});

describe("the address policy", () => {
  it.each([
    // loopback, in every spelling
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["2130706433", "loopback"],
    ["0x7f000001", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback, as IPv4-mapped IPv6"],
    ["::ffff:7f00:1", "loopback, as IPv4-mapped IPv6"],
    ["::ffff:0:7f00:1", "loopback, as IPv4-translated IPv6"],
    ["::127.0.0.1", "reserved"],
    // private networks
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.10", "private"],
    ["::ffff:10.0.0.1", "private, as IPv4-mapped IPv6"],
    ["64:ff9b::10.0.0.1", "private, as NAT64 IPv6"],
    ["64:ff9b::a00:1", "private, as NAT64 IPv6"],
    ["64:ff9b:1::1", "private"],
    ["2002:c0a8:0101::1", "private, as 6to4 IPv6"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    // link-local, unique-local and the metadata services inside them
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["169.254.169.254", "cloud metadata"],
    ["::ffff:169.254.169.254", "cloud metadata, as IPv4-mapped IPv6"],
    ["fd00:ec2::254", "cloud metadata"],
    ["100.100.100.200", "cloud metadata"],
    // multicast, unspecified, broadcast, reserved, documentation
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["198.18.0.1", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "reserved"],
    ["100::1", "reserved"],
    ["4000::1", "reserved"],
  ])("refuses %s (%s)", (address, label) => {
    expect(refusedAddress(address, false)?.label).toBe(label);
  });

  it.each(["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "lets %s through",
    (address) => {
      expect(refusedAddress(address, false)).toBeNull();
    },
  );

  it("lets private networks through with ALLOW_PRIVATE_WEBHOOKS, but never metadata, multicast or unspecified", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "10.0.0.1",
      "192.168.0.2",
      "100.64.0.1",
      "fd12::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ])
      expect(refusedAddress(address, true), address).toBeNull();
    for (const address of [
      "169.254.169.254",
      "fd00:ec2::254",
      "224.0.0.1",
      "0.0.0.0",
      "::",
      "255.255.255.255",
      "192.0.2.1",
    ])
      expect(refusedAddress(address, true), address).not.toBeNull();
  });

  it("writes the address back in its plain form", () => {
    expect(refusedAddress("0x7f000001", false)).toEqual({ address: "127.0.0.1", label: "loopback" });
  });

  it("takes addresses only: a name must be resolved first", () => {
    expect(() => refusedAddress("localhost", true)).toThrow("not an IP address: localhost");
  });
});
