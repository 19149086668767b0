import { describe, expect, it } from "vitest";
import { describeUserAgent, parseUserAgent } from "./user-agent.ts";

// Real user agents, as browsers send them.
const AGENTS = {
  chromeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67",
  firefoxLinux: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  chromeOs:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  // Chromium driven by automation (Playwright, Puppeteer) names itself so.
  headlessLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
};

describe("parseUserAgent", () => {
  it.each([
    ["chromeMac", "Chrome 126", "macOS"],
    ["edgeWindows", "Edge 125", "Windows"],
    ["firefoxLinux", "Firefox 128", "Linux"],
    ["safariIphone", "Safari 17", "iPhone"],
    ["chromeIphone", "Chrome 126", "iPhone"],
    ["chromeAndroid", "Chrome 126", "Android"],
    ["samsungAndroid", "Samsung Internet 25", "Android"],
    ["operaWindows", "Opera 110", "Windows"],
    ["safariIpad", "Safari 16", "iPad"],
    ["chromeOs", "Chrome 126", "ChromeOS"],
    ["safariMac", "Safari 17", "macOS"],
    ["headlessLinux", "Chrome 131", "Linux"],
  ] as const)("reads %s as %s on %s", (key, browser, os) => {
    expect(parseUserAgent(AGENTS[key])).toEqual({ browser, os });
  });

  it("knows neither in what is not a browser", () => {
    expect(parseUserAgent("curl/8.5.0")).toEqual({ browser: null, os: null });
    expect(parseUserAgent("")).toEqual({ browser: null, os: null });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
  });
});

describe("describeUserAgent", () => {
  it("says the browser on the system, or as much as is known", () => {
    expect(describeUserAgent(AGENTS.chromeMac)).toBe("Chrome 126 on macOS");
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox 128 on Linux",
    );
    expect(describeUserAgent("Firefox/115.0")).toBe("Firefox 115");
    expect(describeUserAgent("SomeBot/1.0 (Windows NT 10.0)")).toBe("Unknown browser on Windows");
    expect(describeUserAgent("node")).toBe("Unknown device");
    expect(describeUserAgent(null)).toBe("Unknown device");
  });
});
