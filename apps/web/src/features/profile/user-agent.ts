// The sessions list names each sign-in by what the browser said it was: "Chrome 126 on macOS". Only
// the common browsers and systems are told apart; anything else reads as what it is, unrecognised.

type DeviceLabel = {
  /** "Chrome 126", "Safari 17", or null when the browser is not one we know. */
  browser: string | null;
  /** "macOS", "iPhone", "Windows", or null when the system is not one we know. */
  os: string | null;
};

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", and every iPhone
// browser is Safari underneath, so the more particular name is tried first.
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ["Chromium", /\bChromium\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//],
];

// iOS and iPadOS say "like Mac OS X", Android says "Linux": they come before the systems they mimic.
const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ["iPhone", /\biPhone\b/],
  ["iPad", /\biPad\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

/** The browser and system a user agent names, each null when unrecognised. */
export function parseUserAgent(userAgent: string | null | undefined): DeviceLabel {
  const text = userAgent ?? "";
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
  return { browser, os };
}

/** One line for a session: "Chrome 126 on macOS", "Firefox 128", "Unknown browser on Linux", "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `Unknown browser on ${os}`;
  return "Unknown device";
}
