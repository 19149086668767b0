import {
  COMPANY_ID_HEADER,
  type CompanyRole,
  canManage,
  MANAGER_ROLE_REQUIRED,
  NO_COMPANY_ID_ERROR,
  parseCompanyIdHeader,
  TWO_FACTOR_REQUIRED_ERROR,
  twoFactorRequiredMessage,
} from "@foreman/contract";
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  HTTPMethods,
  onRequestHookHandler,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { COMPANY_SCOPED, errorResponses } from "./openapi.ts";

// Company scope: a company-scoped route answers only a member of the company named in X-Company-ID.
// Routes are scoped by where they are registered (inside `companyScoped(…)`), never one by one, so a
// new route cannot forget the check, and the tenant-isolation tests find every scoped route in
// `app.companyScopedRoutes`.

export type CompanyScope = { id: string; role: CompanyRole };
/** The caller's membership of the company, or null; given by the composition root (app.ts). */
export type FindMembership = (
  db: Executor,
  userId: string,
  companyId: string,
) => Promise<{ companyId: string; role: CompanyRole; companyName: string; twoFactorMissing: boolean } | null>;
export type ScopedRouteInfo = { method: HTTPMethods; url: string };

declare module "fastify" {
  interface FastifyInstance {
    /** Sets `request.company` from X-Company-ID and the caller's membership; runs after `authenticate`. */
    requireCompany: onRequestHookHandler;
    /** Every route registered inside `companyScoped(…)`, in registration order. */
    companyScopedRoutes: ScopedRouteInfo[];
  }
  interface FastifyRequest {
    company: CompanyScope | null;
  }
  interface FastifyContextConfig {
    /** Set on every route registered inside `companyScoped(…)`. */
    companyScoped?: boolean;
  }
}

// A company the caller does not belong to, one that does not exist and a malformed id look the same.
const companyNotFound = () => httpError(404, "not_found", "Company not found");

export const companyScopePlugin = fp<{ findMembership: FindMembership }>(
  async (app: FastifyInstance, { findMembership }) => {
    app.decorateRequest("company", null);
    app.decorate("companyScopedRoutes", []);
    app.decorate("requireCompany", async (request: FastifyRequest) => {
      const userId = request.user?.id;
      if (!userId)
        throw httpError(401, "unauthorized", "Authentication required", undefined, { "www-authenticate": "Bearer" });
      const companyId = parseCompanyIdHeader(request.headers[COMPANY_ID_HEADER.toLowerCase()]);
      if (!companyId) throw httpError(400, NO_COMPANY_ID_ERROR);
      if (!isUuid(companyId)) throw companyNotFound();
      const membership = await findMembership(app.db, userId, companyId);
      if (!membership) throw companyNotFound();
      // The company requires two-factor sign-in and the caller has not turned it on: their profile
      // (not company-scoped) is where they do.
      if (membership.twoFactorMissing)
        throw httpError(403, TWO_FACTOR_REQUIRED_ERROR, twoFactorRequiredMessage(membership.companyName));
      request.company = { id: membership.companyId, role: membership.role };
    });
  },
  { name: "foreman-company-scope", dependencies: ["foreman-database", "foreman-authenticate"] },
);

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Wraps route plugins so every route they declare is company-scoped: authentication and the company
 * check run first (onRequest, before the body is even read, so a stranger's upload is refused
 * unread), the OpenAPI document shows the bearer + X-Company-ID security and the 400/401/404 answers,
 * and the route joins `app.companyScopedRoutes`.
 */
export function companyScoped(...plugins: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook("onRoute", (route: RouteOptions) => {
      // After the hooks already on the route (the rate limit's), so a flood of bad tokens is still counted.
      route.onRequest = [...asList(route.onRequest), scope.authenticate, scope.requireCompany];
      route.config = { ...route.config, companyScoped: true };
      if (route.schema) {
        route.schema = {
          ...route.schema,
          security: COMPANY_SCOPED,
          response: { ...errorResponses(400, 401, 404), ...(route.schema.response as object | undefined) },
        };
      }
      // Fastify adds a HEAD route beside each GET; the GET stands for both.
      for (const method of asList(route.method))
        if (method !== "HEAD") scope.companyScopedRoutes.push({ method, url: route.url });
    });
    for (const plugin of plugins) await scope.register(plugin);
  };
}

/** The scope set by `requireCompany`; calling it on an unscoped route is a programming error. */
export function companyOf(request: FastifyRequest): CompanyScope {
  if (!request.company) throw new Error("route is not company-scoped: register it inside companyScoped(…)");
  return request.company;
}

/**
 * Routes with `{companyId}` in the path are still scoped by X-Company-ID; a path naming any other
 * company answers the same 404 as a company the caller is not in.
 */
export function pathCompanyId(request: FastifyRequest, pathId: string): string {
  const scoped = companyOf(request).id;
  if (pathId.trim().toLowerCase() !== scoped.toLowerCase()) throw companyNotFound();
  return scoped;
}

/**
 * The scope of a caller who may change the company's workforce (an owner or an admin); a member gets
 * 403 with a message naming the roles needed. Call it before reading the body's records or writing.
 */
export function managerOf(request: FastifyRequest): CompanyScope {
  const company = companyOf(request);
  if (!canManage(company.role)) throw httpError(403, "forbidden", MANAGER_ROLE_REQUIRED);
  return company;
}
