import type { TracePassage } from "@foreman/contract";

/**
 * Passages from the company's knowledge for a customer's message, for one AI employee. The training
 * centre fills it (modules/knowledge/knowledge-source.ts).
 */
export interface KnowledgeSource {
  passages(query: { companyId: string; aiEmployeeId: string; text: string }): Promise<TracePassage[]>;
}
