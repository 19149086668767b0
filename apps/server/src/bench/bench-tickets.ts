import { type TICKET_PRIORITIES, type TICKET_SOURCES, TICKET_TYPES } from "@foreman/contract";
import { eq, sql } from "drizzle-orm";
import { bulkInsert } from "#server/db/bulk/bulk-insert.ts";
import type { Db } from "#server/db/client.ts";
import { customers, tickets, users } from "#server/db/schema/index.ts";
import { pick, seededRandom, type Weighted, weighted } from "./bench-random.ts";
import { withSecondaryIndexesDeferred } from "./bench-workspace.ts";

// A million support tickets for the tickets benchmark, written in bulk (not through the writer, which
// checks and logs one ticket at a time): each company's share over the twelve months before now, newer
// months busier, most old tickets closed and about half of the last month's still open, linked to the
// company's customers, a third with the bench user as responsible.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TAGS = ["delivery", "damaged-goods", "invoice", "warranty", "missing-item", "installation"];

const PRIORITIES: Weighted<(typeof TICKET_PRIORITIES)[number]> = [
  ["low", 45],
  ["medium", 35],
  ["high", 20],
];
const SOURCES: Weighted<(typeof TICKET_SOURCES)[number]> = [
  ["email", 40],
  ["web", 25],
  ["whatsapp", 20],
  ["phone", 10],
  ["sms", 5],
];

/** One company's tickets, oldest first (so their numbers follow their dates); the same seed, the same tickets. */
export function buildBenchTickets(options: {
  companyId: string;
  count: number;
  customerIds: readonly string[];
  userId: string;
  now: Date;
  seed: number;
}): (typeof tickets.$inferInsert)[] {
  const roll = seededRandom(options.seed);
  const nowMs = options.now.getTime();
  const windowMs = 365 * DAY;
  // Age density falls linearly with age, as the sales seed's orders do.
  const created = Array.from({ length: options.count }, () => nowMs - HOUR - windowMs * (1 - Math.sqrt(roll()))).sort(
    (a, b) => a - b,
  );
  return created.map((createdMs, index) => {
    const recent = createdMs > nowMs - 30 * DAY;
    const open = roll() < (recent ? 0.5 : 0.05);
    const closedMs = open ? null : Math.min(nowMs, createdMs + HOUR + roll() * 5 * DAY);
    const tags = TAGS.filter(() => roll() < 0.2);
    const customerId = options.customerIds.length > 0 ? pick(options.customerIds, roll) : null;
    return {
      companyId: options.companyId,
      number: 1001 + index,
      subject: `Bench ticket ${1001 + index}`,
      description: "",
      priority: weighted(PRIORITIES, roll()),
      type: pick(TICKET_TYPES, roll),
      status: open ? "open" : "closed",
      source: weighted(SOURCES, roll()),
      customerId,
      assigneeUserId: roll() < 1 / 3 ? options.userId : null,
      tags,
      createdByType: "user",
      createdByUserId: options.userId,
      createdByName: "Bench User",
      requestedAt: new Date(createdMs),
      createdAt: new Date(createdMs),
      updatedAt: new Date(closedMs ?? createdMs),
      closedAt: closedMs === null ? null : new Date(closedMs),
    };
  });
}

/**
 * Writes `total` tickets spread evenly over the companies, with the tickets table's secondary indexes
 * built once at the end, then refreshes the statistics (as autovacuum would). Answers the count.
 */
export async function seedBenchTickets(
  db: Db,
  options: { companyIds: readonly string[]; total: number; onProgress?: (done: number) => void },
): Promise<number> {
  const perCompany = Math.ceil(options.total / options.companyIds.length);
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const now = new Date();
  await withSecondaryIndexesDeferred(db, ["tickets"], async () => {
    for (const [index, companyId] of options.companyIds.entries()) {
      await db.transaction(async (tx) => {
        const customerIds = (
          await tx.select({ id: customers.id }).from(customers).where(eq(customers.companyId, companyId))
        ).map((row) => row.id);
        const rows = buildBenchTickets({
          companyId,
          count: perCompany,
          customerIds,
          userId: user!.id,
          now,
          seed: index + 1,
        });
        await bulkInsert(tx, tickets, rows);
      });
      options.onProgress?.(index + 1);
    }
  });
  await db.execute(sql`vacuum analyze tickets`);
  return perCompany * options.companyIds.length;
}
