import { resolvePeriod } from "@foreman/contract";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema/index.ts";
import { getWorkforceOutcomes } from "#server/modules/ai-employees/outcomes.service.ts";
import { getQuotesPage } from "#server/modules/orders/orders.service.ts";
import { getSalesIndicators } from "#server/modules/sales/indicators.service.ts";
import { getLeadsBreakdown } from "#server/modules/sales/leads-breakdown.service.ts";
import { raiseWithBackend } from "./bench-priority.ts";

// The plans behind the four endpoints of the ten-million-order benchmark: each endpoint's service runs
// once on a connection whose logger keeps every statement it sends, then each statement is run again
// under EXPLAIN (ANALYZE, BUFFERS) with the same parameters. The plans are the app's own queries.

type Captured = { query: string; params: unknown[] };

/** What the four endpoints ask, for one company and a month (relative_date=monthly). */
const ENDPOINT_CALLS: Record<string, (db: Db, companyId: string) => Promise<unknown>> = {
  "sales indicators": (db, companyId) =>
    getSalesIndicators(db, companyId, resolvePeriod({ relativeDate: "monthly" }, { defaultFrame: "monthly" })),
  "leads breakdown": (db, companyId) =>
    getLeadsBreakdown(
      db,
      { companyId, period: resolvePeriod({ relativeDate: "monthly" }, { defaultFrame: "monthly" }) },
      { page: 1, perPage: 25 },
    ),
  "orders list, state=completed": (db, companyId) =>
    getQuotesPage(
      db,
      {
        companyId,
        state: "completed",
        period: resolvePeriod({ relativeDate: "monthly" }, { defaultFrame: "monthly" }),
      },
      { page: 1, perPage: 25 },
    ),
  "per-employee outcomes": (db, companyId) =>
    getWorkforceOutcomes(db, companyId, resolvePeriod({}, { defaultFrame: "monthly" })),
};

/** EXPLAIN (ANALYZE, BUFFERS) of every statement behind each endpoint, printed with `print`. */
export async function explainEndpoints(url: string, companyId: string, print: (line: string) => void): Promise<void> {
  // One connection, so the services' parallel statements queue on it, on one raised backend.
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
  try {
    const client = await pool.connect();
    await raiseWithBackend(client).finally(() => client.release());
    let captured: Captured[] = [];
    const db = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (query, params) => captured.push({ query, params }) },
    }) as unknown as Db;
    for (const [endpoint, call] of Object.entries(ENDPOINT_CALLS)) {
      captured = [];
      await call(db, companyId);
      const statements = captured;
      captured = [];
      for (const [index, { query, params }] of statements.entries()) {
        const result = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query}`, params);
        print(`plan: ${endpoint}, statement ${index + 1} of ${statements.length}`);
        print(`  ${query}`);
        for (const row of result.rows) print(`      ${row["QUERY PLAN"]}`);
      }
    }
  } finally {
    await pool.end();
  }
}
