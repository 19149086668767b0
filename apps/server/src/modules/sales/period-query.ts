import {
  type Period,
  type PeriodQueryParams,
  parsePeriodQuery,
  periodQueryOf,
  type TimeFrame,
} from "@foreman/contract";
import { httpError } from "#server/lib/http-error.ts";

/**
 * The period a sales query asks for, or a 400 naming the field (a malformed date, lteq before gteq).
 * A lone bound is ignored and the relative frame applies, as the contract's rule says.
 */
export function periodOf(query: PeriodQueryParams, defaultFrame: TimeFrame, now = new Date()): Period {
  const result = parsePeriodQuery(periodQueryOf(query), { now, defaultFrame });
  if (!result.ok) {
    throw httpError(400, "invalid_request", "Request validation failed", [
      { field: result.field, message: result.message },
    ]);
  }
  return result.period;
}
