import { randomUUID } from "node:crypto";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import type { TurnHints } from "#server/modules/agents/model-provider.ts";
import { insertCompany } from "#server/modules/companies/companies.repository.ts";
import { databaseKnowledge } from "#server/modules/knowledge/knowledge-source.ts";
import { seedKnowledge } from "#server/seed/seed-knowledge.ts";

// The engine bench's knowledge: the passages the runtime would hand the engine for a customer's message
// (run-agent-job.ts asks the knowledge source before the first model call), from the real search over
// the demo companies' documents on an in-memory PGlite. Each message is looked up once, in the warm-up
// pass, and remembered: the timed passes never touch the database, and the engine sees the passages it
// sees in `npm run eval`, so it takes the same steps.

export type DemoKnowledge = {
  /** The passages for a message to one of the demo companies (by the demo company's name). */
  passages(demoName: string, text: string): Promise<TurnHints["passages"]>;
  close(): Promise<void>;
};

export async function openDemoKnowledge(demoNames: string[]): Promise<DemoKnowledge> {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrate(database);
    const companyIds = new Map<string, string>();
    await database.db.transaction(async (tx) => {
      for (const name of demoNames) {
        const { id } = await insertCompany(tx, { name });
        await seedKnowledge(tx, { id, name });
        companyIds.set(name, id);
      }
    });
    const source = databaseKnowledge(database.db);
    const aiEmployeeId = randomUUID();
    const remembered = new Map<string, TurnHints["passages"]>();
    return {
      async passages(demoName, text) {
        const key = `${demoName}\n${text}`;
        let found = remembered.get(key);
        if (!found) {
          const companyId = companyIds.get(demoName);
          if (!companyId) throw new Error(`No demo knowledge for ${demoName}`);
          found = (await source.passages({ companyId, aiEmployeeId, text })).map(({ title, text }) => ({
            title,
            text,
          }));
          remembered.set(key, found);
        }
        return found;
      },
      close: () => database.close(),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
