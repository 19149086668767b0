// Route search parameters, read by the web router on every navigation.
//
// These are plain functions rather than zod schemas on purpose: they run in the signed-in shell's
// initial bundle, which must stay small, and zod would add ~24 KB gzip to it. The router hands the
// values over already parsed from the URL: `?state=2` arrives as the number 2, so every text value
// is read as a string.

import { isLeadStage, type LeadStage } from "../sales/leads.ts";

export const TIME_FRAMES = ["daily", "weekly", "monthly"] as const;
export type TimeFrame = (typeof TIME_FRAMES)[number];
export const DEFAULT_TIME_FRAME: TimeFrame = "monthly";

/** Lists start on page 1; that default stays out of the address bar. */
export const FIRST_PAGE = 1;

export const CREATED_AT_FROM_KEY = "q[created_at_gteq]";
export const CREATED_AT_TO_KEY = "q[created_at_lteq]";

export type DateRangeSearch = {
  timeFrame: TimeFrame;
  [CREATED_AT_FROM_KEY]?: string;
  [CREATED_AT_TO_KEY]?: string;
};
/** `page` is absent on the first page, so links to the list need not name it. */
export type OrdersSearch = DateRangeSearch & { state?: string; page?: number };
/** `/dashboard`: the leads breakdown's stage filter rides along with the period. */
export type DashboardSearch = DateRangeSearch & { stage?: LeadStage };
export type InboxSearch = { sso_conversation_id?: string; sso_account_id?: string };
export type RedirectSearch = { redirect?: string };

/** What a link may pass: every value optional (timeFrame defaults to monthly). */
export type DateRangeSearchInput = Partial<DateRangeSearch>;
export type OrdersSearchInput = Partial<OrdersSearch>;
export type DashboardSearchInput = Partial<DashboardSearch>;

type RawSearch = Record<string, unknown>;

/** A text value: numbers and booleans from the URL become their text; empty or other values are dropped. */
export function searchText(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text;
}

export function isTimeFrame(value: unknown): value is TimeFrame {
  return typeof value === "string" && (TIME_FRAMES as readonly string[]).includes(value);
}

/**
 * Sets `key` to the value's text, or to undefined when there is none. Always set: the router lays the
 * validated search over the raw one, so a key left out would keep its raw value (`?state={}` would stay
 * an object); undefined values never reach the address.
 */
function withText<T extends object>(target: T, key: string, value: unknown): T {
  return Object.assign(target, { [key]: searchText(value) });
}

/** `/dashboard` and `/sales_reports`: an unknown timeFrame falls back to monthly rather than failing the page. */
export function parseDateRangeSearch(search: DateRangeSearchInput | RawSearch): DateRangeSearch {
  const raw = search as RawSearch;
  const result: DateRangeSearch = { timeFrame: isTimeFrame(raw.timeFrame) ? raw.timeFrame : DEFAULT_TIME_FRAME };
  withText(result, CREATED_AT_FROM_KEY, raw[CREATED_AT_FROM_KEY]);
  return withText(result, CREATED_AT_TO_KEY, raw[CREATED_AT_TO_KEY]);
}

/**
 * A page number: a whole number from 1 up ("2" as text too). Anything else — 0, -1, 2.5, "abc", a
 * number too large to be exact — is the first page rather than an error.
 */
export function searchPage(value: unknown): number {
  const text = searchText(value);
  if (text === undefined || !/^\d+$/.test(text)) return FIRST_PAGE;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE;
}

/** `/orders`: the date range plus an optional state and page (the first page leaves it out). */
export function parseOrdersSearch(search: OrdersSearchInput | RawSearch): OrdersSearch {
  const raw = search as RawSearch;
  const page = searchPage(raw.page);
  return {
    ...parseDateRangeSearch(search),
    state: searchText(raw.state),
    page: page === FIRST_PAGE ? undefined : page,
  };
}

/** `/dashboard`: the date range plus a known lead stage; an unknown stage is dropped (all stages). */
export function parseDashboardSearch(search: DashboardSearchInput | RawSearch): DashboardSearch {
  const stage = searchText((search as RawSearch).stage)?.toLowerCase();
  return { ...parseDateRangeSearch(search), stage: isLeadStage(stage) ? stage : undefined };
}

/** `/inbox` passes these two values through to the chat tool. */
export function parseInboxSearch(search: InboxSearch | RawSearch): InboxSearch {
  const raw = search as RawSearch;
  return withText(
    withText<InboxSearch>({}, "sso_conversation_id", raw.sso_conversation_id),
    "sso_account_id",
    raw.sso_account_id,
  );
}

/** `/sign_in`, `/sign_up` and `/` carry where to go afterwards. */
export function parseRedirectSearch(search: RedirectSearch | RawSearch): RedirectSearch {
  return withText<RedirectSearch>({}, "redirect", (search as RawSearch).redirect);
}

/**
 * Keys are URL-decoded first: `q%5Bcreated_at_gteq%5D` reads as `q[created_at_gteq]`, also
 * when a link encoded it twice. A key that is not valid percent-encoding is kept as it is.
 */
export function decodeSearchKeys(search: RawSearch): RawSearch {
  const out: RawSearch = {};
  for (const [key, value] of Object.entries(search)) {
    let decoded = key;
    for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(decoded); round++) {
      try {
        decoded = decodeURIComponent(decoded);
      } catch {
        break;
      }
    }
    out[decoded] = value;
  }
  return out;
}

/**
 * The custom range applies only when both bounds are given; otherwise the relative time frame does
 *. Returns the range, or null when the time frame applies.
 */
export function customDateRange(search: DateRangeSearch): { from: string; to: string } | null {
  const from = search[CREATED_AT_FROM_KEY];
  const to = search[CREATED_AT_TO_KEY];
  return from && to ? { from, to } : null;
}

/**
 * A redirect target is followed only when it is a path on this site ("/orders?state=sent"), never
 * another origin ("//evil.example", "https://…", "/\\evil.example") — an open redirect otherwise.
 */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== "string" || !value.startsWith("/")) return false;
  if (value.startsWith("//") || value.startsWith("/\\")) return false;
  // Control characters (tab, newline) are stripped by URL parsers and could turn "/\t/x" into "//x".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is being refused
  return !/[\u0000-\u001f\u007f]/.test(value);
}
