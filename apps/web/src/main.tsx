import { startsWithoutRouter } from "./features/auth/signed-out-pages.ts";
import { startErrorTracking } from "./lib/error-tracking/error-tracking.ts";
import { warmUpIntl } from "./lib/intl-warm-up.ts";
import "./styles.css";

// zod compiles its object parsers with `new Function` when it may; the page's CSP forbids eval, and zod's
// probe for it, caught as it is, still reports a violation in the console. zod reads this setting from
// the global it keeps it in, before any schema loads: parsers are interpreted, no probe.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

// Errors are caught from the first line; the SDK itself loads after the first paint, if configured.
void startErrorTracking();

// Dates and money are formatted on every screen: the locale data they need loads meanwhile, elsewhere.
warmUpIntl();

// Two ways in. A cold load of /sign_in, /sign_up or a mailed link's page draws the page without the
// router (React and the page's own code, signed-out-app.tsx); every other address starts the app
// (app.tsx). Either import() fetches its module with everything under it in parallel, so the entry
// stays this small.

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

if (startsWithoutRouter(window.location.pathname)) {
  void import("./signed-out-app.tsx").then((module) => module.startSignedOut(container));
} else {
  void import("./app.tsx").then((module) => module.startApp(container));
}
