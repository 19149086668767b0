// The period part of every list and report query on the wire: `relative_date` (daily | weekly |
// monthly) or both `q[created_at_gteq]` and `q[created_at_lteq]`, as routes see them after the
// snake→camel renaming. The bounds are plain text that `parsePeriodQuery` checks and resolves.
import { z } from "zod";
import { TIME_FRAMES } from "./time-frame.ts";

export const periodQuerySchema = z.object({
  relativeDate: z.enum(TIME_FRAMES, { error: `Must be one of ${TIME_FRAMES.join(", ")}` }).optional(),
  "q[createdAtGteq]": z.string().optional(),
  "q[createdAtLteq]": z.string().optional(),
});
export type PeriodQueryParams = z.infer<typeof periodQuerySchema>;

/** The period part of any of these queries, in the shape `parsePeriodQuery` takes. */
export function periodQueryOf(query: PeriodQueryParams): { relativeDate?: string; gteq?: string; lteq?: string } {
  return { relativeDate: query.relativeDate, gteq: query["q[createdAtGteq]"], lteq: query["q[createdAtLteq]"] };
}
