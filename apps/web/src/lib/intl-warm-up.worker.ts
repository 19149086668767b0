// Runs once per page load, on a thread of its own (lib/intl-warm-up.ts): the first Intl formatter a page
// makes loads the browser's locale data, 50–200 ms on a mid-range phone, and the rest reuse it from then
// on, from any thread. Made here, that load no longer holds up the page's first figures and dates.

const now = new Date();
new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(now);
new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }).format(now);
new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(now);
new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(1);
new Intl.NumberFormat("en-US").format(1234.5);
new Intl.RelativeTimeFormat("en-US", { numeric: "auto" }).format(-1, "day");

postMessage("ready");
