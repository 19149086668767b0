import {
  DEFAULT_TIME_FRAME,
  type Period,
  type PeriodQueryParams,
  parsePeriodQuery,
  periodQueryOf,
  periodRequested,
  type TimeFrame,
} from "@foreman/contract";
import { httpError } from "./http-error.ts";

// The one place a route turns the wire's period (`relative_date`, `q[created_at_gteq]`,
// `q[created_at_lteq]`, already camelCased) into a Period; the rules themselves are the contract's.

/**
 * The period the query asks for, or a 400 naming the field (a malformed date, lteq before gteq). A lone
 * bound is ignored and `defaultFrame` applies, since a custom range needs both bounds.
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

/**
 * For lists with no date filter by default (conversations, tasks): the period when the query names one
 * (a relative frame or both bounds), else null. Bounds are checked either way, so a malformed one is a
 * 400 even when it alone would be ignored.
 */
export function optionalPeriodOf(query: PeriodQueryParams, now = new Date()): Period | null {
  const period = periodOf(query, DEFAULT_TIME_FRAME, now);
  return periodRequested(periodQueryOf(query)) ? period : null;
}
