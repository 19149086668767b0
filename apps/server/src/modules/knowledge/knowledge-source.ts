import type { TracePassage } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { searchPassages } from "./search.ts";

/** Passages from the company's knowledge for a customer's message, for one AI employee. */
export interface KnowledgeSource {
  passages(query: { companyId: string; aiEmployeeId: string; text: string }): Promise<TracePassage[]>;
}

/** Passages the runtime gives the model for one customer message. */
export const PASSAGES_PER_MESSAGE = 3;

/** The runtime's knowledge: the company's indexed entries meant for the answering employee. */
export function databaseKnowledge(db: Db): KnowledgeSource {
  return {
    async passages({ companyId, aiEmployeeId, text }) {
      const found = await searchPassages(db, { companyId, aiEmployeeId, limit: PASSAGES_PER_MESSAGE }, text);
      return found.map((passage) => ({
        entryId: passage.entryId,
        title: passage.heading ? `${passage.title} — ${passage.heading}` : passage.title,
        text: passage.text,
      }));
    },
  };
}
