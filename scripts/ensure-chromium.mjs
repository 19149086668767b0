// The e2e suite drives Debian's Chromium (test tools cannot download browsers here). Find it, or
// install it with apt when we are root, or explain exactly what to do.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Flags for Chromium on these machines: no sandbox as root, and no calls home on a closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

export function findChromium() {
  return candidates.find((p) => existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package with apt-get…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      "The end-to-end tests need Chromium and none was found.",
      "Install Debian's package as root:  apt-get update && apt-get install -y chromium",
      "or point CHROMIUM_PATH at a Chromium or Chrome binary:  CHROMIUM_PATH=/path/to/chrome npm test",
    ].join("\n"),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
