import type { FastifyRequest } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { companyOf } from "#server/plugins/company-scope.ts";

/**
 * Routes with `{companyId}` in the path are still scoped by X-Company-ID (checked by requireCompany);
 * a path naming any other company answers the same 404 as a company the caller is not in.
 */
export function pathCompanyId(request: FastifyRequest, pathId: string): string {
  const scoped = companyOf(request).id;
  if (pathId.trim().toLowerCase() !== scoped.toLowerCase()) {
    throw httpError(404, "not_found", "Company not found");
  }
  return scoped;
}
