import { setDisplayTimeZone } from "@foreman/contract";
import { Fragment, type ReactNode } from "react";

// The one place the screens' time zone is decided: the `_app` layout passes the selected company's zone
// (from /app/me.json), and every date formatter without a zone of its own (contract formatLongDate,
// messageDateTime, lib/relative-time exactDateTime) shows times in it.

/**
 * Shows the pages inside it in `timeZone`. Set while rendering, before the pages render, so their first
 * paint already uses it; a new zone (saved in the settings, or another company chosen) renders them
 * afresh, so every time on the page moves at once rather than as each part happens to re-render.
 */
export function CompanyTimeZone({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) {
  setDisplayTimeZone(timeZone);
  return <Fragment key={timeZone ?? ""}>{children}</Fragment>;
}
