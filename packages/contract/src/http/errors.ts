import { z } from "zod";

/** Every error the API returns has this shape. */
export const apiErrorSchema = z.object({
  error: z.string(),
  errorDescription: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
