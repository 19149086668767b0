import { COMPANY_ID_HEADER, type CompanyRole, NO_COMPANY_ID_ERROR, parseCompanyIdHeader } from "@foreman/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { httpError } from "../lib/http-error.ts";
import { isUuid } from "../lib/uuid.ts";
import { findMembership } from "../modules/companies/companies.repository.ts";

export type CompanyScope = { id: string; role: CompanyRole };

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler for company-scoped routes; runs after `authenticate`, sets `request.company`. */
    requireCompany: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    company: CompanyScope | null;
  }
}

// A company the caller does not belong to, one that does not exist and a malformed id look the same.
const companyNotFound = () => httpError(404, "not_found", "Company not found");

export const companyScopePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("company", null);
    app.decorate("requireCompany", async (request: FastifyRequest) => {
      const userId = request.user?.id;
      if (!userId)
        throw httpError(401, "unauthorized", "Authentication required", undefined, { "www-authenticate": "Bearer" });
      const companyId = parseCompanyIdHeader(request.headers[COMPANY_ID_HEADER.toLowerCase()]);
      if (!companyId) throw httpError(400, NO_COMPANY_ID_ERROR);
      if (!isUuid(companyId)) throw companyNotFound();
      const membership = await findMembership(app.db, userId, companyId);
      if (!membership) throw companyNotFound();
      request.company = { id: membership.companyId, role: membership.role };
    });
  },
  { name: "foreman-company-scope", dependencies: ["foreman-database"] },
);

/** The scope set by `requireCompany`; calling it on an unscoped route is a programming error. */
export function companyOf(request: FastifyRequest): CompanyScope {
  if (!request.company) throw new Error("route is not company-scoped: add app.requireCompany to its preHandler");
  return request.company;
}
