import { NO_COMPANY_ID_ERROR, WEB_CLIENT_ID } from "@foreman/contract";
import type { HTTPMethods } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { storedInvoiceId } from "#server/test/billing-setup.ts";
import { insertSampleCall } from "#server/test/calls-setup.ts";
import { apiHeaders, issueTokenFor } from "#server/test/fixtures.ts";
import { type CompanyWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { insertTicket } from "#server/test/tickets-setup.ts";

// Tenant isolation on every company-scoped route. The routes come from the app itself
// (`app.companyScopedRoutes`, filled as routes are registered inside `companyScoped(…)`), so a new
// scoped route joins every check below without anyone listing it. A member of Alpha can never reach
// Bravo, a made-up or malformed company looks like a foreign one, and dead tokens are refused before
// anything else — also before the body is read, so no route needs a valid body to be checked.

// A dozen requests per scoped route within a minute: the matrix outgrows the product's rate limit
// (600 a minute), so this app's is raised (rate limiting has its own tests in errors.test.ts).
const world = await tasksWorld({ env: { RATE_LIMIT_MAX: "1000000" } });
const { t, a, b } = world;
const routes = t.app.companyScopedRoutes;
afterAll(() => t.close());
// A support ticket of each company, for the tickets' paths.
const ticketIds = new Map([
  [a.companyId, (await insertTicket(t.db, a)).id],
  [b.companyId, (await insertTicket(t.db, b)).id],
]);

// A data export of each company, written by its job, for the exports' paths (ready to download).
const exportIds = new Map<string, string>();
for (const w of [a, b]) {
  const started = await t.app.inject({ method: "POST", url: "/app/data_exports.json", headers: w.headers });
  exportIds.set(w.companyId, started.json<{ id: string }>().id);
}
await t.app.jobs.idle();

// A computed invoice of each company (a number held last month), for the invoices' paths.
const invoiceIds = new Map([
  [a.companyId, await storedInvoiceId(t, a.companyId, a.headers)],
  [b.companyId, await storedInvoiceId(t, b.companyId, b.headers)],
]);

// A phone number of each company, bought on the simulated provider, for the numbers' paths.
const phoneNumberIds = new Map<string, string>();
for (const [index, w] of [a, b].entries()) {
  const bought = await t.app.inject({
    method: "POST",
    url: "/app/phone_numbers.json",
    headers: w.headers,
    payload: { phone_number: `+1555555019${index}` },
  });
  phoneNumberIds.set(w.companyId, bought.json<{ id: string }>().id);
}

// A finished call of each company, for the calls' paths.
const callIds = new Map([
  [a.companyId, (await insertSampleCall(t.db, a.companyId)).id],
  [b.companyId, (await insertSampleCall(t.db, b.companyId)).id],
]);

// Path parameters filled with one company's records, by name and by the resource the path names. A
// route with a parameter this does not know fails loudly, so it cannot slip through unchecked.
const RECORD_IDS: Record<string, (w: CompanyWorld) => string> = {
  quotes: (w) => w.quote.id,
  conversations: (w) => w.conversation.id,
  tasks: (w) => w.question,
  ai_employees: (w) => w.aiEmployee.id,
  ai_departments: (w) => w.department.id,
  api_channels: (w) => w.apiChannel.id,
  products: (w) => w.product.id,
  knowledge_base_entries: (w) => w.knowledgeEntry.id,
  skills: (w) => w.skill.id,
  templates: (w) => w.whatsappTemplate.id,
  website_chats: (w) => w.websiteChat.id,
  email_channels: (w) => w.emailChannel.id,
  email_messages: (w) => w.emailMessage.id,
  members: (w) => w.member.id,
  invitations: (w) => w.invitation.id,
  tickets: (w) => ticketIds.get(w.companyId)!,
  // /app/tickets/:id/followers/:userId: a staff member of the company.
  followers: (w) => w.userId,
  data_exports: (w) => exportIds.get(w.companyId)!,
  calls: (w) => callIds.get(w.companyId)!,
  phone_numbers: (w) => phoneNumberIds.get(w.companyId)!,
  invoices: (w) => invoiceIds.get(w.companyId)!,
};
// Query strings a route cannot answer without (searching for the other company's name finds nothing).
const REQUIRED_QUERIES: Record<string, string> = { "/app/messages/search.json": "?q=Bravo" };
function urlFor(url: string, w: CompanyWorld): string {
  return `${pathFor(url, w)}${REQUIRED_QUERIES[url] ?? ""}`;
}
function pathFor(url: string, w: CompanyWorld): string {
  return url.replace(/:(\w+)/g, (_, name: string, offset: number) => {
    if (name === "companyId") return w.companyId;
    if (name === "accountId") return String(w.accountId);
    if (name === "conversationDisplayId") return String(w.conversation.displayId);
    // The resource the parameter follows: /app/skills/:id, /app/skills/:id/ai_employees/:aiEmployeeId.
    const resource = /\/(\w+)\/$/.exec(url.slice(0, offset))?.[1];
    const id = resource ? RECORD_IDS[resource] : undefined;
    if (!id) throw new Error(`No sample value for :${name} in ${url}: add one to RECORD_IDS`);
    return id(w);
  });
}

// A stream never ends under inject; events.test.ts checks that a company's stream carries only its events.
const isStream = (url: string) => url === "/app/events";
const hasRecordParams = (url: string) => /:(?!companyId\b)\w+/.test(url);

const call = (method: HTTPMethods, url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, headers });
const companyNotFound = { error: "not_found", error_description: "Company not found" };

describe("the registry of company-scoped routes", () => {
  it("holds every company-scoped endpoint of the API", () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /app/ai_departments.json",
        "GET /app/quotes.json",
        "GET /app/conversations.json",
        "POST /app/conversations/:id/messages.json",
        "GET /app/tasks.json",
        "POST /internal/assist/:accountId/thread/:conversationDisplayId",
        "GET /app/events",
      ]),
    );
  });

  it("leaves no /app or /internal route of the API outside the scope but the caller's own account and accepting an invitation", async () => {
    const document = (await t.app.openapiDocument()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const scoped = new Set(routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`));
    const outside: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!/^\/(app|internal)\//.test(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (scoped.has(name)) expect(operation.security, name).toEqual([{ bearer: [], companyId: [] }]);
        else outside.push(name);
      }
    }
    // The caller's own account (who they are, their profile, password, two-factor and sessions) and
    // accepting an invitation to a company they are not yet in: each named, so a new one is a decision.
    expect(outside.sort()).toEqual(
      [
        "GET /app/me.json",
        "GET /app/profile.json",
        "PATCH /app/profile.json",
        "POST /app/profile/email_change.json",
        "PUT /app/profile/password.json",
        "GET /app/profile/two_factor.json",
        "POST /app/profile/two_factor/setup.json",
        "POST /app/profile/two_factor/enable.json",
        "POST /app/profile/two_factor/disable.json",
        "POST /app/profile/two_factor/recovery_codes.json",
        "GET /app/profile/sessions.json",
        "DELETE /app/profile/sessions.json",
        "DELETE /app/profile/sessions/{id}.json",
        "POST /app/invitations/accept.json",
        // The help centre: the product's articles, not a company's, and the caller's own message to support.
        "GET /app/help.json",
        "GET /app/help/articles.json",
        "GET /app/help/articles/{slug}.json",
        "POST /app/help/contact.json",
        // The caller's own notification settings: which mails and toasts they get, whatever the company.
        "GET /app/notification_settings.json",
        "PATCH /app/notification_settings.json",
      ].sort(),
    );
  });
});

// Reads that answer under inject: Alpha's member gets Alpha's data and never Bravo's records.
const reads = routes.filter(({ method, url }) => method === "GET" && !isStream(url));

describe.each(reads)("tenant isolation of the data: $method $url", ({ method, url }) => {
  it("answers the member of Alpha asking for Alpha, with nothing of Bravo", async () => {
    const response = await call(method, urlFor(url, a), a.headers);
    expect(response.statusCode).toBeLessThan(300);
    expect(response.body).not.toContain("Bravo");
  });
});

describe.each(reads.filter(({ url }) => hasRecordParams(url)))(
  "tenant isolation of the records: $method $url",
  ({ method, url }) => {
    it("answers 404 for Bravo's records asked as Alpha", async () => {
      const response = await call(method, urlFor(url, b), a.headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Bravo");
    });
  },
);

describe.each(routes)("tenant isolation: $method $url", ({ method, url }) => {
  it.each([
    ["Bravo's id (a company Alpha's member is not in)", () => b.companyId],
    ["a made-up uuid", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
    ["a malformed id", () => "not-a-uuid'; drop table companies; --"],
    ["a numeric id", () => "1"],
  ])("answers the same 404 for %s", async (_, companyId) => {
    const response = await call(method, urlFor(url, a), apiHeaders(a.token, companyId()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(companyNotFound);
  });

  it.each([
    ["no X-Company-ID header", undefined],
    ["a blank X-Company-ID header", "  "],
  ])("answers 400 No company ID available for %s", async (_, companyId) => {
    const response = await call(method, urlFor(url, a), apiHeaders(a.token, companyId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: NO_COMPANY_ID_ERROR });
  });

  it.each([
    ["no token", async () => apiHeaders(undefined, a.companyId)],
    ["an unknown token", async () => apiHeaders("forged-token", a.companyId)],
    [
      "an expired token",
      async () => {
        const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
        return apiHeaders((await issueTokenFor(t.db, a.userId, threeHoursAgo)).accessToken, a.companyId);
      },
    ],
  ])("answers 401 for %s", async (_, headers) => {
    const response = await call(method, urlFor(url, a), await headers());
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(response.json()).toMatchObject({ error: "unauthorized" });
  });

  it("answers 401 once the token is revoked through /oauth/revoke", async () => {
    const { accessToken } = await issueTokenFor(t.db, a.userId);
    if (method === "GET" && !isStream(url)) {
      const fresh = await call(method, urlFor(url, a), apiHeaders(accessToken, a.companyId));
      expect(fresh.statusCode).toBeLessThan(300);
    }
    const revoke = await t.app.inject({
      method: "POST",
      url: "/oauth/revoke",
      payload: { token: accessToken, client_id: WEB_CLIENT_ID },
    });
    expect(revoke.statusCode).toBe(200);
    const response = await call(method, urlFor(url, a), apiHeaders(accessToken, a.companyId));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "unauthorized" });
  });
});
